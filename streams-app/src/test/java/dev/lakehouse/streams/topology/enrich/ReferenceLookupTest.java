package dev.lakehouse.streams.topology.enrich;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.junit.jupiter.api.Test;

class ReferenceLookupTest {
  private final ReferenceChanges changes = new ReferenceChanges();
  private final CountingStore store = new CountingStore();
  private final ReferenceLookup lookup = new ReferenceLookup(store, changes);

  @Test
  void readsEachIdOnceWhileNoHistoryChanges() {
    store.put("c-1", 100, "v1");

    assertThat(name(lookup.asOf("c-1", 150))).isEqualTo("v1");
    assertThat(lookup.asOf("c-1", 50)).isNull();
    assertThat(lookup.asOf("c-2", 150)).isNull();
    assertThat(lookup.asOf("c-2", 150)).isNull();

    assertThat(store.reads).containsExactly("c-1", "c-2");
  }

  @Test
  void readsTheStoreAgainAfterAWriterChangedAnyHistory() {
    store.put("c-1", 100, "v1");
    lookup.asOf("c-1", 150);
    lookup.asOf("c-2", 150);

    store.put("c-1", 120, "v2");
    store.put("c-2", 120, "w1");
    changes.changed();

    assertThat(name(lookup.asOf("c-1", 150))).isEqualTo("v2");
    assertThat(name(lookup.asOf("c-1", 110))).isEqualTo("v1");
    assertThat(name(lookup.asOf("c-2", 150))).isEqualTo("w1");
    assertThat(store.reads).containsExactly("c-1", "c-2", "c-1", "c-2");
  }

  @Test
  void aHistoryReadWhileAWriterChangesItIsReadAgainAtTheNextLookup() {
    store.put("c-1", 100, "v1");
    // the writer stores v2 and counts the change right after the lookup read the store
    store.afterRead = () -> {
      store.put("c-1", 100, "v2");
      changes.changed();
    };
    assertThat(name(lookup.asOf("c-1", 150))).isEqualTo("v1");
    store.afterRead = () -> {};

    assertThat(name(lookup.asOf("c-1", 150))).isEqualTo("v2");
  }

  private static String name(GenericRecord version) {
    return version == null ? null : version.get("name").toString();
  }

  /** A store of one-version histories that records the ids it was asked for. */
  private static final class CountingStore implements ReadOnlyKeyValueStore<String, ReferenceHistory> {
    private static final Schema VERSION = SchemaBuilder.record("Version")
        .fields().requiredString("name").endRecord();

    private final Map<String, ReferenceHistory> histories = new HashMap<>();
    final List<String> reads = new ArrayList<>();
    Runnable afterRead = () -> {};

    void put(String id, long validFrom, String name) {
      GenericData.Record value = new GenericData.Record(VERSION);
      value.put("name", name);
      ReferenceHistory history = histories.getOrDefault(id, ReferenceHistory.EMPTY);
      histories.put(id, history.with(validFrom, value, Long.MIN_VALUE));
    }

    @Override
    public ReferenceHistory get(String id) {
      reads.add(id);
      ReferenceHistory history = histories.get(id);
      afterRead.run();
      return history;
    }

    @Override
    public KeyValueIterator<String, ReferenceHistory> range(String from, String to) {
      throw new UnsupportedOperationException();
    }

    @Override
    public KeyValueIterator<String, ReferenceHistory> all() {
      throw new UnsupportedOperationException();
    }

    @Override
    public long approximateNumEntries() {
      return histories.size();
    }
  }
}
