package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.registry.SchemaRegistry;
import dev.lakehouse.schemas.serde.AvroDeserializer;
import dev.lakehouse.schemas.serde.AvroSerde;
import java.util.Properties;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.KTable;
import org.apache.kafka.streams.kstream.Named;

/**
 * The pipeline's topology (see TOPOLOGY.md): validate the four inputs, drop duplicate events,
 * enrich orders with the reference versions valid at their event time, compute final 1-minute
 * totals with late records diverted, and join orders with their payment. Every processor, store
 * and internal topic has an explicit name.
 */
public final class LakehouseTopology {
  private LakehouseTopology() {}

  /** Builds the topology; no I/O besides creating the schema registry client of the serdes. */
  public static Topology build(TopologySettings settings, Properties streamsProps) {
    SchemaRegistry registry = SchemaRegistries.fromConfig(settings.registryConfig());
    Serde<GenericRecord> outputSerde = new AvroSerde(registry, null);
    StreamsBuilder builder = new StreamsBuilder();
    StoreTypes stores = StoreTypes.from(streamsProps);
    ValidatedInput inputs = new ValidatedInput(builder, stores, new AvroDeserializer(registry, null), outputSerde);

    KStream<String, SourcedEvent> orders = inputs.deduplicated(
        inputs.read(EventRules.orders(settings), EventTimeRule.events(settings)), Topics.ORDERS, settings.dedupWindow());
    KStream<String, SourcedEvent> payments = inputs.deduplicated(
        inputs.read(EventRules.payments(settings), EventTimeRule.events(settings)), Topics.PAYMENTS,
        settings.dedupWindow());
    KTable<String, GenericRecord> customers = ReferenceTables.versioned(
        inputs.read(EventRules.customers(), EventTimeRule.referenceVersions(settings)), Topics.CUSTOMERS,
        settings.referenceHistoryRetention());
    KTable<String, GenericRecord> merchants = ReferenceTables.versioned(
        inputs.read(EventRules.merchants(), EventTimeRule.referenceVersions(settings)), Topics.MERCHANTS,
        settings.referenceHistoryRetention());

    OrderEnrichment.build(orders, customers, merchants, settings, outputSerde);
    WindowedTotals.build(builder, stores,
        orders.filter((orderId, order) -> TopologySettings.PLACED.equals(order.text("status")),
            Named.as("revenue-placed-orders")),
        new WindowedTotals.Spec("revenue-by-merchant-currency", Topics.ORDERS, Topics.valueSchema(Topics.ORDERS),
            (orderId, order) -> WindowRows.revenueKey(order), WindowRows::revenue, Topics.REVENUE_BY_MERCHANT_1M),
        settings, outputSerde);
    WindowedTotals.build(builder, stores, payments,
        new WindowedTotals.Spec("payments-by-outcome", Topics.PAYMENTS, Topics.valueSchema(Topics.PAYMENTS),
            (orderId, payment) -> payment.text("outcome"), WindowRows::paymentsByOutcome,
            Topics.PAYMENTS_BY_OUTCOME_1M),
        settings, outputSerde);
    OrderPayments.build(builder, stores, orders, payments, settings, outputSerde, inputs);
    return builder.build(streamsProps);
  }
}
