package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/** The {@code order-payments} rows (PAID, UNPAID) and the UNKNOWN_ORDER violation of a payment. */
final class OrderPaymentRows {
  static final Schema ORDER_PAYMENT = Topics.valueSchema(Topics.ORDER_PAYMENTS);

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
    return Violation.of(ErrorClass.UNKNOWN_ORDER, "successful payment " + payment.text("payment_id") + " of order "
        + payment.text("order_id") + " has no PLACED order in the " + joinWindow + " before it: check the order "
        + "producer (the payment is still counted in payments-by-outcome-1m)");
  }

  private static GenericRecord row(SourcedEvent order, SourcedEvent payment, String status, long eventTime,
      long processingTime) {
    GenericRecord event = order.event();
    GenericData.Record row = new GenericData.Record(ORDER_PAYMENT);
    row.put("order_id", event.get("order_id"));
    row.put("order_event_id", event.get("event_id"));
    row.put("customer_id", event.get("customer_id"));
    row.put("merchant_id", event.get("merchant_id"));
    row.put("order_amount", event.get("amount"));
    row.put("currency", event.get("currency"));
    row.put("order_time", event.get("event_time"));
    if (payment != null) {
      row.put("payment_id", payment.event().get("payment_id"));
      row.put("payment_amount", payment.event().get("amount"));
      row.put("payment_outcome", payment.event().get("outcome"));
      row.put("payment_time", payment.event().get("event_time"));
    }
    row.put("status", status);
    row.put("event_time", Instant.ofEpochMilli(eventTime));
    SourcedEvent lineageSource = payment != null ? payment : order;
    row.put("source_topic", lineageSource.lineage().topic());
    row.put("source_partition", lineageSource.lineage().partition());
    row.put("source_offset", lineageSource.lineage().offset());
    row.put("processing_time", Instant.ofEpochMilli(processingTime));
    return row;
  }
}
