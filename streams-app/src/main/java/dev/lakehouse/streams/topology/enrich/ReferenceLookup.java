package dev.lakehouse.streams.topology.enrich;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * As-of lookups in one global reference store for one processor (one thread): the histories read
 * are kept until any reference writer changes a history ({@link ReferenceChanges}), so that an order
 * usually costs a map lookup instead of a store read (a few kB copied out of RocksDB and matched
 * against the decoded histories by their bytes). The count is read before the store: a history read
 * while a writer changes it is read again at the next lookup. So a lookup finds the version a store
 * read at that moment would find: the one being written, or the one before it.
 */
final class ReferenceLookup {
  /** Histories kept per lookup: a task's active customers or merchants; beyond it, the least recently used go. */
  private static final int KEPT_HISTORIES = 1024;

  private final ReadOnlyKeyValueStore<String, ReferenceHistory> histories;
  private final ReferenceChanges changes;
  private final Map<String, ReferenceHistory> kept = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, ReferenceHistory> eldest) {
      return size() > KEPT_HISTORIES;
    }
  };
  private long keptAtChange = -1;

  ReferenceLookup(ReadOnlyKeyValueStore<String, ReferenceHistory> histories, ReferenceChanges changes) {
    this.histories = histories;
    this.changes = changes;
  }

  /** The version of {@code id} valid at {@code time}, or null. */
  GenericRecord asOf(String id, long time) {
    long change = changes.count();
    if (change != keptAtChange) {
      kept.clear();
      keptAtChange = change;
    }
    ReferenceHistory history = kept.get(id);
    if (history == null) {
      ReferenceHistory stored = histories.get(id);
      history = stored == null ? ReferenceHistory.EMPTY : stored;
      kept.put(id, history);
    }
    return history.asOf(time);
  }
}
