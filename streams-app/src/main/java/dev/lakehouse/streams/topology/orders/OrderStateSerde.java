package dev.lakehouse.streams.topology.orders;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.event.SourcedEventSerde;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Store serde of an {@link OrderState}: three counted lists; events as {@link SourcedEventSerde}. A
 * waiting order or payment is encoded once: the bytes it was written or read as are kept with it
 * and written again as they are, since it never changes while it waits.
 *
 * <p>The arrival times of the waiting orders and payments follow the three lists, after a marker:
 * a reader of an earlier version stops after the lists and never sees them (so a rollback still
 * reads the state), and a state written by such a version has none (taken as arrived on time).
 */
final class OrderStateSerde implements Serde<OrderState> {
  private static final byte ARRIVALS = 1;

  private final SourcedEventSerde orders = new SourcedEventSerde(Topics.ORDERS);
  private final SourcedEventSerde payments = new SourcedEventSerde(Topics.PAYMENTS);

  @Override
  public Serializer<OrderState> serializer() {
    return (topic, state) -> {
      if (state == null) {
        return null;
      }
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
      try (DataOutputStream out = new DataOutputStream(bytes)) {
        out.writeInt(state.seen.size());
        for (OrderState.Seen seen : state.seen) {
          out.writeUTF(seen.eventId());
          out.writeLong(seen.seenAt());
        }
        out.writeInt(state.orders.size());
        for (OrderState.WaitingOrder order : state.orders) {
          out.writeLong(order.deadline);
          out.writeBoolean(order.paid);
          if (order.stored == null) {
            order.stored = orders.bytes(order.order);
          }
          out.write(order.stored);
        }
        out.writeInt(state.payments.size());
        for (OrderState.WaitingPayment payment : state.payments) {
          out.writeLong(payment.deadline);
          out.writeBoolean(payment.matched);
          if (payment.stored == null) {
            payment.stored = payments.bytes(payment.payment);
          }
          out.write(payment.stored);
        }
        out.writeByte(ARRIVALS);
        for (OrderState.WaitingOrder order : state.orders) {
          out.writeLong(order.arrivedAt);
        }
        for (OrderState.WaitingPayment payment : state.payments) {
          out.writeLong(payment.arrivedAt);
        }
      } catch (IOException | RuntimeException e) {
        throw new SerializationException("Cannot serialize the order state for " + topic + ": " + e, e);
      }
      return bytes.toByteArray();
    };
  }

  @Override
  public Deserializer<OrderState> deserializer() {
    return (topic, data) -> {
      if (data == null) {
        return null;
      }
      ByteArrayInputStream bytes = new ByteArrayInputStream(data);
      try (DataInputStream in = new DataInputStream(bytes)) {
        int seenCount = in.readInt();
        List<OrderState.Seen> seen = new ArrayList<>(seenCount + 1);
        for (int i = 0; i < seenCount; i++) {
          seen.add(new OrderState.Seen(in.readUTF(), in.readLong()));
        }
        int orderCount = in.readInt();
        List<OrderState.WaitingOrder> waitingOrders = new ArrayList<>(orderCount + 1);
        for (int i = 0; i < orderCount; i++) {
          long deadline = in.readLong();
          boolean paid = in.readBoolean();
          int start = data.length - bytes.available();
          OrderState.WaitingOrder order =
              new OrderState.WaitingOrder(orders.read(in), deadline, OrderState.ARRIVED_UNKNOWN, paid);
          order.stored = Arrays.copyOfRange(data, start, data.length - bytes.available());
          waitingOrders.add(order);
        }
        int paymentCount = in.readInt();
        List<OrderState.WaitingPayment> waitingPayments = new ArrayList<>(paymentCount + 1);
        for (int i = 0; i < paymentCount; i++) {
          long deadline = in.readLong();
          boolean matched = in.readBoolean();
          int start = data.length - bytes.available();
          OrderState.WaitingPayment payment =
              new OrderState.WaitingPayment(payments.read(in), deadline, OrderState.ARRIVED_UNKNOWN, matched);
          payment.stored = Arrays.copyOfRange(data, start, data.length - bytes.available());
          waitingPayments.add(payment);
        }
        if (bytes.available() > 0 && in.readByte() == ARRIVALS) {
          for (OrderState.WaitingOrder order : waitingOrders) {
            order.arrivedAt = in.readLong();
          }
          for (OrderState.WaitingPayment payment : waitingPayments) {
            payment.arrivedAt = in.readLong();
          }
        }
        return new OrderState(seen, waitingOrders, waitingPayments);
      } catch (IOException | RuntimeException e) {
        throw new SerializationException("Cannot deserialize the order state from " + topic + ": " + e, e);
      }
    };
  }
}
