package dev.lakehouse.streams.topology.enrich;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.serde.AvroDeserializer;
import dev.lakehouse.streams.topology.TopologySettings;
import dev.lakehouse.streams.topology.input.EventRules;
import dev.lakehouse.streams.topology.input.EventTimeRule;
import dev.lakehouse.streams.topology.input.InputCheck;
import dev.lakehouse.streams.topology.input.ValidTimestampExtractor;
import dev.lakehouse.streams.topology.state.StoreTypes;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The customer and merchant histories as global stores: every instance reads all partitions of the
 * reference topics itself, so orders are enriched where they are read, with no repartition. The
 * global thread reads the raw topics as soon as records are appended and loads them completely
 * before processing starts, so a version is in the store before the orders produced after it are
 * processed, and a replay sees every version.
 */
public final class ReferenceStores {
  static final String CUSTOMERS = Topics.CUSTOMERS + "-versions";
  static final String MERCHANTS = Topics.MERCHANTS + "-versions";

  private ReferenceStores() {}

  /** Adds both stores; their writers count every change in {@code changes}. */
  public static void add(StreamsBuilder builder, StoreTypes stores, TopologySettings settings, AvroDeserializer deserializer,
      ReferenceChanges changes) {
    add(builder, stores, settings, deserializer, changes, EventRules.customers(), CUSTOMERS);
    add(builder, stores, settings, deserializer, changes, EventRules.merchants(), MERCHANTS);
  }

  private static void add(StreamsBuilder builder, StoreTypes stores, TopologySettings settings,
      AvroDeserializer deserializer, ReferenceChanges changes, EventRules rules, String storeName) {
    String topic = rules.topic();
    StoreBuilder<KeyValueStore<String, ReferenceHistory>> store = Stores
        .keyValueStoreBuilder(stores.keyValue(storeName), Serdes.String(),
            new ReferenceHistorySerde(topic))
        .withLoggingDisabled();
    InputCheck check = new InputCheck(rules, EventTimeRule.referenceVersions(settings), deserializer);
    long retentionMs = settings.referenceHistoryRetention().toMillis();
    builder.addGlobalStore(store, topic,
        Consumed.with(Serdes.String(), Serdes.ByteArray())
            .withTimestampExtractor(new ValidTimestampExtractor())
            .withName(storeName + "-source"),
        () -> new ReferenceVersionWriter(check, storeName, retentionMs, changes));
  }
}
