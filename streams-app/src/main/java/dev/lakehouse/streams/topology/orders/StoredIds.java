package dev.lakehouse.streams.topology.orders;

import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Which ids may have a state in each bucket of a window store whose timestamps are buckets
 * ({@link OrderTracker}'s order state), so that looking up an id never stored (the first event of
 * every order) costs no store read. Derived data, kept in memory: filled from the store when the
 * task starts and on every put after. A bucket may answer "maybe" for an id it does not hold, never
 * "no" for one it holds.
 */
final class StoredIds {
  private final NavigableMap<Long, IdFilter> byBucket = new TreeMap<>();

  void add(long bucket, String id) {
    byBucket.computeIfAbsent(bucket, b -> new IdFilter()).add(id);
  }

  boolean mayHold(long bucket, String id) {
    IdFilter ids = byBucket.get(bucket);
    return ids != null && ids.mayContain(id);
  }

  /** Forgets the buckets before {@code bucket} (no lookup reads them any more). */
  void forgetBefore(long bucket) {
    if (!byBucket.isEmpty() && byBucket.firstKey() < bucket) {
      byBucket.headMap(bucket, false).clear();
    }
  }
}
