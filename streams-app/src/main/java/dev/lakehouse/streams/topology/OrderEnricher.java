package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.Topics;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * An {@code orders-enriched} row: the order with the customer and merchant versions valid at its
 * event time, read from the global {@link ReferenceStores}. An order without reference data is
 * never dropped: its reference fields stay null.
 */
final class OrderEnricher implements FixedKeyProcessor<String, SourcedEvent, GenericRecord> {
  private static final Schema ENRICHED = Topics.valueSchema(Topics.ORDERS_ENRICHED);
  private static final String[] ORDER_FIELDS = {"event_id", "order_id", "customer_id", "merchant_id", "status",
      "amount", "currency", "event_time"};

  private FixedKeyProcessorContext<String, GenericRecord> context;
  private ReadOnlyKeyValueStore<String, ReferenceHistory> customers;
  private ReadOnlyKeyValueStore<String, ReferenceHistory> merchants;

  @Override
  public void init(FixedKeyProcessorContext<String, GenericRecord> context) {
    this.context = context;
    this.customers = context.getStateStore(ReferenceStores.CUSTOMERS);
    this.merchants = context.getStateStore(ReferenceStores.MERCHANTS);
  }

  @Override
  public void process(FixedKeyRecord<String, SourcedEvent> record) {
    SourcedEvent order = record.value();
    long time = order.eventTime();
    GenericData.Record row = new GenericData.Record(ENRICHED);
    for (String field : ORDER_FIELDS) {
      row.put(field, order.event().get(field));
    }
    GenericRecord customer = ReferenceStores.asOf(customers, order.text("customer_id"), time);
    if (customer != null) {
      row.put("customer_name", customer.get("name"));
      row.put("customer_country", customer.get("country"));
      row.put("customer_segment", customer.get("segment"));
    }
    GenericRecord merchant = ReferenceStores.asOf(merchants, order.text("merchant_id"), time);
    if (merchant != null) {
      row.put("merchant_name", merchant.get("name"));
      row.put("merchant_country", merchant.get("country"));
      row.put("merchant_category", merchant.get("category"));
    }
    row.put("source_topic", order.lineage().topic());
    row.put("source_partition", order.lineage().partition());
    row.put("source_offset", order.lineage().offset());
    row.put("processing_time", Instant.ofEpochMilli(context.currentSystemTimeMs()));
    context.forward(record.withValue(row));
  }
}
