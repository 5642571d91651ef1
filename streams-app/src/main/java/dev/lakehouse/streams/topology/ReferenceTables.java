package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.KTable;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.state.Stores;

/**
 * Customers and merchants as versioned tables: each version is valid from its record timestamp
 * (updated_at, see {@link EventTimeRule}) until the next, so a join reads the version as of the
 * order's event time.
 */
final class ReferenceTables {
  private ReferenceTables() {}

  static KTable<String, GenericRecord> versioned(KStream<String, SourcedEvent> versions, String topic,
      Duration historyRetention) {
    return versions
        .mapValues(SourcedEvent::event, Named.as(topic + "-version"))
        .toTable(Named.as(topic + "-table"),
            Materialized.<String, GenericRecord>as(
                    Stores.persistentVersionedKeyValueStore(topic + "-versions", historyRetention))
                .withKeySerde(Serdes.String())
                .withValueSerde(new AvroBinarySerde(Topics.valueSchema(topic))));
  }
}
