package dev.lakehouse.streams.topology.orders;

import static org.assertj.core.api.Assertions.assertThat;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.TestEvents;
import dev.lakehouse.streams.topology.event.Lineage;
import dev.lakehouse.streams.topology.event.SourcedEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;

/**
 * The order state round-trips, and a waiting order or payment is written again as the bytes it was
 * read or first written as, while what changes around it (flags, new events) is written anew.
 */
class OrderStateSerdeTest {
  private static final Instant T = Instant.parse("2026-11-29T10:00:00Z");

  private final TestEvents events = new TestEvents(9);
  private final OrderStateSerde serde = new OrderStateSerde();
  private final GenericRecord order = events.order("o-1", "c-1", "m-1", "PLACED", "10.00", "EUR", T);
  private final GenericRecord declined = events.payment("o-1", "DECLINED", "10.00", T.plusSeconds(30));
  private final GenericRecord succeeded = events.payment("o-1", "SUCCEEDED", "10.00", T.plusSeconds(60));

  @Test
  void aStateReadBackIsWrittenAsTheSameBytes() {
    byte[] written = serialize(state(false, List.of(declined)));

    OrderState read = serde.deserializer().deserialize("store", written);

    assertThat(read.seen).extracting(OrderState.Seen::eventId).containsExactly("e-1", "e-2");
    assertThat(read.orders).singleElement().satisfies(waiting -> {
      assertThat(waiting.order.event().get("event_id").toString()).isEqualTo(order.get("event_id").toString());
      assertThat(waiting.order.lineage()).isEqualTo(new Lineage(Topics.ORDERS, 0, 7L));
      assertThat(waiting.deadline).isEqualTo(T.plusSeconds(1920).toEpochMilli());
      assertThat(waiting.arrivedAt).isEqualTo(T.plusSeconds(5).toEpochMilli());
      assertThat(waiting.paid).isFalse();
    });
    assertThat(read.payments).singleElement().satisfies(waiting -> {
      assertThat(waiting.payment.event().get("outcome").toString()).isEqualTo("DECLINED");
      assertThat(waiting.arrivedAt).isEqualTo(T.plusSeconds(40).toEpochMilli());
    });
    assertThat(serialize(read)).isEqualTo(written);
  }

  @Test
  void aStateOfAnEarlierVersionReadsWithArrivalsUnknownAndItsReadersStopBeforeTheArrivals() {
    byte[] written = serialize(state(false, List.of(declined, succeeded)));
    // the arrivals follow the three lists: a marker byte, then one long per waiting order and payment
    byte[] earlierVersion = Arrays.copyOf(written, written.length - 1 - 3 * Long.BYTES);

    OrderState read = serde.deserializer().deserialize("store", earlierVersion);

    assertThat(read.orders).extracting(waiting -> waiting.arrivedAt).containsExactly(OrderState.ARRIVED_UNKNOWN);
    assertThat(read.payments).extracting(waiting -> waiting.arrivedAt)
        .containsExactly(OrderState.ARRIVED_UNKNOWN, OrderState.ARRIVED_UNKNOWN);
    assertThat(read.payments).extracting(waiting -> waiting.deadline)
        .containsExactly(T.plusSeconds(150).toEpochMilli(), T.plusSeconds(180).toEpochMilli());
    read.orders.get(0).arrivedAt = T.plusSeconds(5).toEpochMilli();
    read.payments.get(0).arrivedAt = T.plusSeconds(40).toEpochMilli();
    read.payments.get(1).arrivedAt = T.plusSeconds(70).toEpochMilli();
    assertThat(serialize(read)).as("the lists are the bytes an earlier version wrote and reads").isEqualTo(written);
  }

  @Test
  void aChangedStateIsWrittenAsAFreshOneWithTheSameContentWouldBe() {
    OrderState read = serde.deserializer().deserialize("store", serialize(state(false, List.of(declined))));
    read.orders.get(0).paid = true;
    read.payments.add(new OrderState.WaitingPayment(new SourcedEvent(succeeded, new Lineage(Topics.PAYMENTS, 0, 9L)),
        T.plusSeconds(180).toEpochMilli(), T.plusSeconds(70).toEpochMilli(), true));

    assertThat(serialize(read)).isEqualTo(serialize(state(true, List.of(declined, succeeded))));
  }

  private OrderState state(boolean paid, List<GenericRecord> payments) {
    OrderState state = new OrderState();
    state.seen.add(new OrderState.Seen("e-1", T.toEpochMilli()));
    state.seen.add(new OrderState.Seen("e-2", T.plusSeconds(30).toEpochMilli()));
    state.orders.add(new OrderState.WaitingOrder(new SourcedEvent(order, new Lineage(Topics.ORDERS, 0, 7L)),
        T.plusSeconds(1920).toEpochMilli(), T.plusSeconds(5).toEpochMilli(), paid));
    List<OrderState.WaitingPayment> waiting = new ArrayList<>();
    for (int i = 0; i < payments.size(); i++) {
      GenericRecord payment = payments.get(i);
      boolean matched = payment.get("outcome").toString().equals("SUCCEEDED");
      waiting.add(new OrderState.WaitingPayment(new SourcedEvent(payment, new Lineage(Topics.PAYMENTS, 0, 8L + i)),
          T.plusSeconds(150 + 30L * i).toEpochMilli(), T.plusSeconds(40 + 30L * i).toEpochMilli(), matched));
    }
    state.payments.addAll(waiting);
    return state;
  }

  private byte[] serialize(OrderState state) {
    return serde.serializer().serialize("store", state);
  }
}
