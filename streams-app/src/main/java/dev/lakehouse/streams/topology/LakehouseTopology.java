package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.registry.SchemaRegistry;
import dev.lakehouse.schemas.serde.AvroDeserializer;
import dev.lakehouse.schemas.serde.AvroSerde;
import java.util.Map;
import java.util.Properties;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.processor.TopicNameExtractor;

/**
 * The pipeline's topology (see TOPOLOGY.md). Orders and payments are both keyed by order_id, so one
 * task per input partition does almost everything where the records are read: validate, drop
 * retries and join orders with payments ({@link OrderTracker}), enrich orders from the global
 * customer and merchant histories ({@link ReferenceStores}), and sum the 1-minute windows of its
 * partition; only closed windows' totals cross a topic, to be merged ({@link WindowedTotals}).
 * Every processor, store and internal topic has an explicit name.
 */
public final class LakehouseTopology {
  private static final Schema DEAD_LETTER = Topics.valueSchema(Topics.DEAD_LETTERS);

  private LakehouseTopology() {}

  /** Builds the topology; no I/O besides creating the schema registry client of the serdes. */
  public static Topology build(TopologySettings settings, Properties streamsProps) {
    return build(settings, streamsProps, OrderTracker.Memory.DEFAULT);
  }

  /** The topology with the order tracker keeping {@code trackerMemory} in memory (tests: little, to read RocksDB). */
  static Topology build(TopologySettings settings, Properties streamsProps, OrderTracker.Memory trackerMemory) {
    SchemaRegistry registry = SchemaRegistries.fromConfig(settings.registryConfig());
    AvroDeserializer deserializer = new AvroDeserializer(registry, null);
    Serde<GenericRecord> outputSerde = new AvroSerde(registry, null);
    StreamsBuilder builder = new StreamsBuilder();
    StoreTypes stores = StoreTypes.from(streamsProps);
    ValidatedInput inputs = new ValidatedInput(builder, deserializer, outputSerde,
        settings.outputTopic(Topics.DEAD_LETTERS), Ledger.isOn(settings));
    StreamTime.addStore(builder, stores);
    Ledger.addStore(builder, stores);

    ReferenceChanges referenceChanges = new ReferenceChanges();
    ReferenceStores.add(builder, stores, settings, deserializer, referenceChanges);
    KStream<String, SourcedEvent> orders = inputs.read(EventRules.orders(settings), EventTimeRule.events(settings));
    KStream<String, SourcedEvent> payments =
        inputs.read(EventRules.payments(settings), EventTimeRule.events(settings));

    WindowedTotals.Spec revenue = new WindowedTotals.Spec("revenue-by-merchant-currency", Topics.ORDERS,
        (orderId, order) -> WindowRows.revenueKey(order), WindowRows::revenue, Topics.REVENUE_BY_MERCHANT_1M);
    WindowedTotals.Spec paymentOutcomes = new WindowedTotals.Spec("payments-by-outcome", Topics.PAYMENTS,
        (orderId, payment) -> payment.text(Fields.OUTCOME), WindowRows::paymentsByOutcome,
        Topics.PAYMENTS_BY_OUTCOME_1M);
    Map<String, String> windowStreamTimeKeys =
        Map.of(Topics.ORDERS, revenue.partialsStore(), Topics.PAYMENTS, paymentOutcomes.partialsStore());

    OrderTracker.storeBuilders(stores, settings).forEach(builder::addStateStore);
    RoutedBranches<SourcedEvent> tracked = RoutedBranches.split(
        orders.merge(payments, Named.as("orders-and-payments"))
            .process(() -> new OrderTracker(settings, windowStreamTimeKeys, trackerMemory), Named.as("order-tracker"),
                OrderTracker.STATE_STORE, OrderTracker.DEADLINES_STORE, StreamTime.STORE, Ledger.STORE),
        "order-tracker");
    tracked.diverted()
        .to(byRowType(settings), Produced.with(Serdes.String(), outputSerde).withName("order-payments-sink"));

    Map<String, KStream<String, SourcedEvent>> byTopic = tracked.kept()
        .split(Named.as("new-"))
        .branch((orderId, event) -> Topics.ORDERS.equals(event.lineage().topic()), Branched.as("orders"))
        .defaultBranch(Branched.as("payments"));
    KStream<String, SourcedEvent> newOrders = byTopic.get("new-orders");
    KStream<String, SourcedEvent> newPayments = byTopic.get("new-payments");

    enrich(builder, stores, newOrders, settings, outputSerde, referenceChanges);
    WindowedTotals.build(builder, stores,
        newOrders.filter((orderId, order) -> TopologySettings.PLACED.equals(order.text(Fields.STATUS)),
            Named.as("revenue-placed-orders")),
        revenue, settings, outputSerde);
    WindowedTotals.build(builder, stores, newPayments, paymentOutcomes, settings, outputSerde);
    return builder.build(streamsProps);
  }

  /** Orders to {@code orders-enriched}, after the reference join grace when there is one. */
  private static void enrich(StreamsBuilder builder, StoreTypes stores, KStream<String, SourcedEvent> orders,
      TopologySettings settings, Serde<GenericRecord> outputSerde, ReferenceChanges referenceChanges) {
    KStream<String, SourcedEvent> ready = orders;
    if (!settings.referenceJoinGrace().isZero()) {
      builder.addStateStore(
          EnrichmentDelay.storeBuilder(stores, new SourcedEventSerde(Topics.ORDERS)));
      ready = orders.process(() -> new EnrichmentDelay(settings.referenceJoinGrace()),
          Named.as(EnrichmentDelay.STORE), EnrichmentDelay.STORE, StreamTime.STORE);
    }
    ready.processValues(() -> new OrderEnricher(referenceChanges), Named.as("orders-enrichment"))
        .to(settings.outputTopic(Topics.ORDERS_ENRICHED),
            Produced.with(Serdes.String(), outputSerde).withName("orders-enriched-sink"));
  }

  /** The order tracker's rows: dead letters (UNKNOWN_ORDER), ledger rows or order-payments rows. */
  private static TopicNameExtractor<String, GenericRecord> byRowType(TopologySettings settings) {
    String deadLetters = settings.outputTopic(Topics.DEAD_LETTERS);
    String ledger = settings.outputTopic(Topics.PIPELINE_LEDGER);
    String orderPayments = settings.outputTopic(Topics.ORDER_PAYMENTS);
    return (key, row, context) -> {
      if (row.getSchema().equals(DEAD_LETTER)) {
        return deadLetters;
      }
      return row.getSchema().equals(Ledger.ROW) ? ledger : orderPayments;
    };
  }
}
