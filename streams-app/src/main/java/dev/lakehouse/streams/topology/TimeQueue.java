package dev.lakehouse.streams.topology;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * A key-value store used as a queue by time ({@link TimeKeys}: keys sort by a time first): entries
 * are taken in time order once a time limit passes them. A taken entry leaves a tombstone in
 * RocksDB until compaction, and a scan from time 0 would step over every one of them (each scan
 * slower than the last), so each scan starts where the previous one ended. Entries are never put
 * before that point: their times are at or after the limit of the last take.
 */
final class TimeQueue<V> {
  private final KeyValueStore<Bytes, V> store;
  // every entry before this time has been taken (0 after a start: the first scan walks from there)
  private long taken;

  TimeQueue(KeyValueStore<Bytes, V> store) {
    this.store = store;
  }

  KeyValueStore<Bytes, V> store() {
    return store;
  }

  /** Removes and returns the entries whose time is before {@code limit}, in time order. */
  List<KeyValue<Bytes, V>> takeBefore(long limit) {
    List<KeyValue<Bytes, V>> due = new ArrayList<>();
    if (limit <= taken) {
      return due;
    }
    try (KeyValueIterator<Bytes, V> entries = store.range(TimeKeys.of(taken, ""), TimeKeys.of(limit, ""))) {
      entries.forEachRemaining(due::add);
    }
    due.forEach(entry -> store.delete(entry.key));
    taken = limit;
    return due;
  }

  /** The time of the earliest entry left, or {@link Long#MAX_VALUE} when there is none. */
  long earliest() {
    try (KeyValueIterator<Bytes, V> rest = store.range(TimeKeys.of(taken, ""), TimeKeys.of(Long.MAX_VALUE, ""))) {
      return rest.hasNext() ? TimeKeys.time(rest.peekNextKey()) : Long.MAX_VALUE;
    }
  }
}
