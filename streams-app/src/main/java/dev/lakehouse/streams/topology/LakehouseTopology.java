package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.registry.SchemaRegistry;
import dev.lakehouse.schemas.serde.AvroDeserializer;
import dev.lakehouse.schemas.serde.AvroSerde;
import dev.lakehouse.streams.topology.enrich.Enrichment;
import dev.lakehouse.streams.topology.enrich.ReferenceChanges;
import dev.lakehouse.streams.topology.enrich.ReferenceStores;
import dev.lakehouse.streams.topology.event.Fields;
import dev.lakehouse.streams.topology.event.RoutedBranches;
import dev.lakehouse.streams.topology.event.SourcedEvent;
import dev.lakehouse.streams.topology.input.EventRules;
import dev.lakehouse.streams.topology.input.EventTimeRule;
import dev.lakehouse.streams.topology.input.ValidatedInput;
import dev.lakehouse.streams.topology.ledger.Ledger;
import dev.lakehouse.streams.topology.orders.OrderTracking;
import dev.lakehouse.streams.topology.orders.TrackerMemory;
import dev.lakehouse.streams.topology.state.StoreTypes;
import dev.lakehouse.streams.topology.state.StreamTime;
import dev.lakehouse.streams.topology.windows.WindowedTotals;
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
 * retries and join orders with payments ({@link OrderTracking}), enrich orders from the global
 * customer and merchant histories ({@link ReferenceStores}), and sum the 1-minute windows of its
 * partition; only closed windows' totals cross a topic, to be merged ({@link WindowedTotals}).
 * Every processor, store and internal topic has an explicit name.
 */
public final class LakehouseTopology {
  private static final Schema DEAD_LETTER = Topics.valueSchema(Topics.DEAD_LETTERS);

  private LakehouseTopology() {}

  /** Builds the topology; no I/O besides creating the schema registry client of the serdes. */
  public static Topology build(TopologySettings settings, Properties streamsProps) {
    return build(settings, streamsProps, TrackerMemory.DEFAULT);
  }

  /** The topology with the order tracker keeping {@code trackerMemory} in memory (tests: little, to read RocksDB). */
  static Topology build(TopologySettings settings, Properties streamsProps, TrackerMemory trackerMemory) {
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

    WindowedTotals.Spec revenue = WindowedTotals.Spec.revenueByMerchant();
    WindowedTotals.Spec paymentOutcomes = WindowedTotals.Spec.paymentsByOutcome();
    Map<String, String> windowStreamTimeKeys =
        Map.of(Topics.ORDERS, revenue.partialsStore(), Topics.PAYMENTS, paymentOutcomes.partialsStore());

    RoutedBranches<SourcedEvent> tracked = OrderTracking.add(builder, stores, settings, orders, payments,
        windowStreamTimeKeys, trackerMemory);
    tracked.diverted()
        .to(byRowType(settings), Produced.with(Serdes.String(), outputSerde).withName("order-payments-sink"));

    Map<String, KStream<String, SourcedEvent>> byTopic = tracked.kept()
        .split(Named.as("new-"))
        .branch((orderId, event) -> Topics.ORDERS.equals(event.lineage().topic()), Branched.as("orders"))
        .defaultBranch(Branched.as("payments"));
    KStream<String, SourcedEvent> newOrders = byTopic.get("new-orders");
    KStream<String, SourcedEvent> newPayments = byTopic.get("new-payments");

    Enrichment.add(builder, stores, newOrders, settings, outputSerde, referenceChanges);
    WindowedTotals.build(builder, stores,
        newOrders.filter((orderId, order) -> TopologySettings.PLACED.equals(order.text(Fields.STATUS)),
            Named.as("revenue-placed-orders")),
        revenue, settings, outputSerde);
    WindowedTotals.build(builder, stores, newPayments, paymentOutcomes, settings, outputSerde);
    return builder.build(streamsProps);
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
