package dev.lakehouse.streams.topology.orders;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.deadletters.ErrorClass;
import dev.lakehouse.streams.topology.deadletters.Violation;
import dev.lakehouse.streams.topology.event.FieldCopy;
import dev.lakehouse.streams.topology.event.Fields;
import dev.lakehouse.streams.topology.event.SourcedEvent;
import java.time.Duration;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/** The {@code order-payments} rows (PAID, UNPAID) and the UNKNOWN_ORDER violation of a payment. */
final class OrderPaymentRows {
  static final Schema ORDER_PAYMENT = Topics.valueSchema(Topics.ORDER_PAYMENTS);
  private static final FieldCopy ORDER_FIELDS = new FieldCopy(Topics.valueSchema(Topics.ORDERS), ORDER_PAYMENT,
      "order_id", "event_id:order_event_id", "customer_id", "merchant_id", "amount:order_amount", "currency",
      "event_time:order_time");
  private static final FieldCopy PAYMENT_FIELDS = new FieldCopy(Topics.valueSchema(Topics.PAYMENTS), ORDER_PAYMENT,
      "payment_id", "amount:payment_amount", "outcome:payment_outcome", "event_time:payment_time");

  private OrderPaymentRows() {}

  /** PAID: the order with its payment; event time and lineage are the payment's. */
  static GenericRecord paid(SourcedEvent order, SourcedEvent payment, long processingTime) {
    return row(order, payment, "PAID", payment.eventTime(), processingTime);
  }

  /** UNPAID: the order whose join window closed without a payment; event time = order time + window. */
  static GenericRecord unpaid(SourcedEvent order, Duration joinWindow, long processingTime) {
    return row(order, null, "UNPAID", order.eventTime() + joinWindow.toMillis(), processingTime);
  }

  static Violation unknownOrder(SourcedEvent payment, Duration joinWindow) {
    return Violation.of(ErrorClass.UNKNOWN_ORDER, "successful payment " + payment.text(Fields.PAYMENT_ID) + " of order "
        + payment.text(Fields.ORDER_ID) + " has no PLACED order in the " + joinWindow + " before it: check the order "
        + "producer (the payment is still counted in payments-by-outcome-1m)");
  }

  private static GenericRecord row(SourcedEvent order, SourcedEvent payment, String status, long eventTime,
      long processingTime) {
    GenericData.Record row = new GenericData.Record(ORDER_PAYMENT);
    ORDER_FIELDS.copy(order.event(), row);
    if (payment != null) {
      PAYMENT_FIELDS.copy(payment.event(), row);
    }
    Fields.STATUS.put(row, status);
    Fields.EVENT_TIME.put(row, Instant.ofEpochMilli(eventTime));
    Fields.putSource(row, (payment != null ? payment : order).lineage(), processingTime);
    return row;
  }
}
