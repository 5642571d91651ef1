package dev.lakehouse.streams.topology.state;

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
public final class TimeQueue<V> {
  private final KeyValueStore<Bytes, V> store;
  // every entry before this time has been taken (0 after a start: the first scan walks from there)
  private long taken;
  private long earliestLeft = Long.MAX_VALUE;

  public TimeQueue(KeyValueStore<Bytes, V> store) {
    this.store = store;
  }

  public KeyValueStore<Bytes, V> store() {
    return store;
  }

  /**
   * Removes and returns the entries whose time is before {@code limit}, in time order. One scan finds
   * them and the earliest entry left ({@link #earliestLeft()}); one batch deletes them (a single
   * delete would read the old value first).
   */
  public List<KeyValue<Bytes, V>> takeBefore(long limit) {
    return takeBefore(limit, 0);
  }

  /**
   * Like {@link #takeBefore(long)}, and if that takes fewer than {@code atLeast} entries, the next ones
   * too, up to {@code atLeast} and then every entry of the last time taken (so the entries left all
   * lie after every entry taken).
   */
  public List<KeyValue<Bytes, V>> takeBefore(long limit, int atLeast) {
    List<KeyValue<Bytes, V>> due = new ArrayList<>();
    if (limit <= taken && atLeast == 0) {
      return due;
    }
    earliestLeft = Long.MAX_VALUE;
    long lastTaken = Long.MIN_VALUE;
    try (KeyValueIterator<Bytes, V> entries = store.range(TimeKeys.of(taken, ""), TimeKeys.of(Long.MAX_VALUE, ""))) {
      while (entries.hasNext()) {
        KeyValue<Bytes, V> entry = entries.next();
        long time = TimeKeys.time(entry.key);
        if (time >= limit && due.size() >= atLeast && time > lastTaken) {
          earliestLeft = time;
          break;
        }
        lastTaken = time;
        due.add(entry);
      }
    }
    if (!due.isEmpty()) {
      store.putAll(due.stream().map(entry -> KeyValue.<Bytes, V>pair(entry.key, null)).toList());
    }
    taken = Math.max(taken, Math.max(limit, lastTaken + 1));
    return due;
  }

  /** Every entry before this time has been taken: entries put later must lie at or after it. */
  public long readFrom() {
    return taken;
  }

  /** The time of the earliest entry the last take left, or {@link Long#MAX_VALUE}; entries put since are not seen. */
  public long earliestLeft() {
    return earliestLeft;
  }
}
