package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.serde.AvroDeserializer;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The customer and merchant histories as global stores: every instance reads all partitions of the
 * reference topics itself, so orders are enriched where they are read, with no repartition. The
 * global thread reads the raw topics as soon as records are appended and loads them completely
 * before processing starts, so a version is in the store before the orders produced after it are
 * processed, and a replay sees every version.
 */
final class ReferenceStores {
  static final String CUSTOMERS = Topics.CUSTOMERS + "-versions";
  static final String MERCHANTS = Topics.MERCHANTS + "-versions";

  private ReferenceStores() {}

  static void add(StreamsBuilder builder, StoreTypes stores, TopologySettings settings, AvroDeserializer deserializer) {
    add(builder, stores, settings, deserializer, EventRules.customers(), CUSTOMERS);
    add(builder, stores, settings, deserializer, EventRules.merchants(), MERCHANTS);
  }

  private static void add(StreamsBuilder builder, StoreTypes stores, TopologySettings settings,
      AvroDeserializer deserializer, EventRules rules, String storeName) {
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
        () -> new ReferenceVersionWriter(check, storeName, retentionMs));
  }

  /** The version of {@code id} valid at {@code time}, or null. */
  static GenericRecord asOf(ReadOnlyKeyValueStore<String, ReferenceHistory> histories,
      String id, long time) {
    ReferenceHistory history = histories.get(id);
    return history == null ? null : history.asOf(time);
  }
}
