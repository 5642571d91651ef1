package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.kstream.Joined;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.KTable;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Orders joined with the customer and the merchant version valid at the order's event time:
 * repartition by customer_id, join, repartition by merchant_id, join, key by order_id again.
 * Each join holds an order for the reference join grace (stream time) so a version that arrives a
 * little after the order is still used; a version arriving later than that is not applied to
 * orders already emitted, whose reference fields stay null (or the older version's).
 */
final class OrderEnrichment {
  private static final Schema ORDER = Topics.valueSchema(Topics.ORDERS);
  private static final Schema ENRICHED = Topics.valueSchema(Topics.ORDERS_ENRICHED);

  private OrderEnrichment() {}

  static void build(KStream<String, SourcedEvent> orders, KTable<String, GenericRecord> customers,
      KTable<String, GenericRecord> merchants, TopologySettings settings, Serde<GenericRecord> outputSerde) {
    AvroBinarySerde enrichedSerde = new AvroBinarySerde(ENRICHED);
    orders
        .selectKey((orderId, order) -> order.text("customer_id"), Named.as("orders-customer-key"))
        .repartition(Repartitioned.<String, SourcedEvent>as("orders-by-customer")
            .withKeySerde(Serdes.String()).withValueSerde(new SourcedEventSerde(ORDER)))
        .leftJoin(customers, OrderEnrichment::withCustomer,
            joined("orders-customer-join", new SourcedEventSerde(ORDER), Topics.CUSTOMERS, settings))
        .selectKey((customerId, order) -> order.get("merchant_id").toString(), Named.as("orders-merchant-key"))
        .repartition(Repartitioned.<String, GenericRecord>as("orders-by-merchant")
            .withKeySerde(Serdes.String()).withValueSerde(enrichedSerde))
        .leftJoin(merchants, OrderEnrichment::withMerchant,
            joined("orders-merchant-join", enrichedSerde, Topics.MERCHANTS, settings))
        .process(EnrichedRowWriter::new, Named.as("orders-enriched-row"))
        .to(Topics.ORDERS_ENRICHED, Produced.with(Serdes.String(), outputSerde).withName("orders-enriched-sink"));
  }

  /**
   * The versioned-table join looks up the version valid at the order's event time either way. A
   * grace period adds a stream-side buffer, and Kafka buffers every order once one is set, even a
   * zero one (a store write and a changelog record per order, then an immediate eviction), so a zero
   * grace sets none.
   */
  private static <V> Joined<String, V, GenericRecord> joined(String name, Serde<V> orderSerde, String referenceTopic,
      TopologySettings settings) {
    Joined<String, V, GenericRecord> joined = Joined.with(Serdes.String(), orderSerde,
        new AvroBinarySerde(Topics.valueSchema(referenceTopic))).withName(name);
    Duration grace = settings.referenceJoinGrace();
    return grace.isZero() ? joined : joined.withGracePeriod(grace);
  }

  static GenericRecord withCustomer(SourcedEvent order, GenericRecord customer) {
    GenericData.Record row = new GenericData.Record(ENRICHED);
    for (String field : new String[] {"event_id", "order_id", "customer_id", "merchant_id", "status", "amount",
        "currency", "event_time"}) {
      row.put(field, order.event().get(field));
    }
    if (customer != null) {
      row.put("customer_name", customer.get("name"));
      row.put("customer_country", customer.get("country"));
      row.put("customer_segment", customer.get("segment"));
    }
    row.put("source_topic", order.lineage().topic());
    row.put("source_partition", order.lineage().partition());
    row.put("source_offset", order.lineage().offset());
    row.put("processing_time", Instant.EPOCH);
    return row;
  }

  static GenericRecord withMerchant(GenericRecord order, GenericRecord merchant) {
    // a field-by-field copy: the values are already converted (BigDecimal, Instant), which a deep copy rejects
    GenericData.Record row = new GenericData.Record(ENRICHED);
    for (Schema.Field field : ENRICHED.getFields()) {
      row.put(field.pos(), order.get(field.pos()));
    }
    if (merchant != null) {
      row.put("merchant_name", merchant.get("name"));
      row.put("merchant_country", merchant.get("country"));
      row.put("merchant_category", merchant.get("category"));
    }
    return row;
  }

  /** Keys the row by order_id and stamps the wall-clock processing time. */
  private static final class EnrichedRowWriter implements Processor<String, GenericRecord, String, GenericRecord> {
    private ProcessorContext<String, GenericRecord> context;

    @Override
    public void init(ProcessorContext<String, GenericRecord> context) {
      this.context = context;
    }

    @Override
    public void process(Record<String, GenericRecord> record) {
      GenericRecord row = record.value();
      row.put("processing_time", Instant.ofEpochMilli(context.currentSystemTimeMs()));
      context.forward(record.withKey(row.get("order_id").toString()).withValue(row));
    }
  }
}
