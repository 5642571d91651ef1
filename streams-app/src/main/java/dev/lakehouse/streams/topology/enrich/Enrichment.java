package dev.lakehouse.streams.topology.enrich;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.TopologySettings;
import dev.lakehouse.streams.topology.event.SourcedEvent;
import dev.lakehouse.streams.topology.event.SourcedEventSerde;
import dev.lakehouse.streams.topology.state.StoreTypes;
import dev.lakehouse.streams.topology.state.StreamTime;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;

/** The enrichment stage: orders with the customer and merchant versions of their event time ({@link OrderEnricher}). */
public final class Enrichment {
  /** The store that holds orders for the reference join grace (only when there is one). */
  public static final String DELAY_STORE = EnrichmentDelay.STORE;

  private Enrichment() {}

  /** Orders to {@code orders-enriched}, after the reference join grace when there is one. */
  public static void add(StreamsBuilder builder, StoreTypes stores, KStream<String, SourcedEvent> orders,
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
}
