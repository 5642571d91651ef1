package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;

/**
 * Turns join results into {@code order-payments} rows (PAID or UNPAID) or UNKNOWN_ORDER dead
 * letters. An order that already has a PAID row (its event_id is in the store, kept for the join
 * window plus grace) gets no second one.
 */
final class OrderPaymentWriter
    implements FixedKeyProcessor<String, OrderPayments.PaymentMatch, Routed<GenericRecord>> {
  private static final Schema ORDER_PAYMENT = Topics.valueSchema(Topics.ORDER_PAYMENTS);

  private final String paidStore;
  private final long windowMs;

  private FixedKeyProcessorContext<String, Routed<GenericRecord>> context;
  private WindowStore<String, String> paid;
  private Sensor extraPayments;
  private Sensor deadLettered;

  OrderPaymentWriter(String paidStore, Duration window) {
    this.paidStore = paidStore;
    this.windowMs = window.toMillis();
  }

  static StoreBuilder<WindowStore<String, String>> storeBuilder(StoreTypes stores, String name, Duration retention) {
    return Stores.windowStoreBuilder(stores.window(name, retention, Duration.ofMillis(1)), Serdes.String(),
        Serdes.String());
  }

  @Override
  public void init(FixedKeyProcessorContext<String, Routed<GenericRecord>> context) {
    this.context = context;
    this.paid = context.getStateStore(paidStore);
    this.extraPayments = LakehouseMetrics.counter(context.metrics(), LakehouseMetrics.EXTRA_PAYMENTS, Topics.PAYMENTS);
    this.deadLettered = LakehouseMetrics.counter(context.metrics(), LakehouseMetrics.RECORDS_DEAD_LETTERED,
        Topics.PAYMENTS);
  }

  @Override
  public void process(FixedKeyRecord<String, OrderPayments.PaymentMatch> record) {
    SourcedEvent order = record.value().order();
    SourcedEvent payment = record.value().payment();
    if (order == null) {
      unknownOrder(record, payment);
      return;
    }
    if (payment == null) {
      context.forward(record.withValue(Routed.keep(row(order, null, "UNPAID", order.eventTime() + windowMs))));
      return;
    }
    String orderEventId = order.text("event_id");
    try (WindowStoreIterator<String> earlier = paid.fetch(orderEventId, order.eventTime(), order.eventTime())) {
      if (earlier.hasNext()) {
        extraPayments.record();
        return;
      }
    }
    paid.put(orderEventId, payment.text("payment_id"), order.eventTime());
    context.forward(record.withValue(Routed.keep(row(order, payment, "PAID", payment.eventTime()))));
  }

  private void unknownOrder(FixedKeyRecord<String, OrderPayments.PaymentMatch> record, SourcedEvent payment) {
    Violation violation = Violation.of(ErrorClass.UNKNOWN_ORDER, "successful payment " + payment.text("payment_id")
        + " of order " + payment.text("order_id") + " has no PLACED order in the " + Duration.ofMillis(windowMs)
        + " before it: check the order producer (the payment is still counted in payments-by-outcome-1m)");
    deadLettered.record();
    GenericRecord row = DeadLetters.row(violation, payment.lineage(), record.key(), null,
        Instant.ofEpochMilli(payment.eventTime()), context.currentSystemTimeMs());
    context.forward(record.withValue(Routed.<GenericRecord>divert(row))
        .withHeaders(DeadLetters.headers(record.headers(), violation, payment.lineage())));
  }

  private GenericRecord row(SourcedEvent order, SourcedEvent payment, String status, long eventTime) {
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
    row.put("processing_time", Instant.ofEpochMilli(context.currentSystemTimeMs()));
    return row;
  }
}
