package dev.lakehouse.streams.topology.orders;

import dev.lakehouse.streams.topology.state.StoreTypes;
import dev.lakehouse.streams.topology.state.TimeKeys;
import dev.lakehouse.streams.topology.state.TimeQueue;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * Which order ids have a deadline when, so that stream time passing a deadline finds its orders
 * without scanning the order state. An entry is a hint to look at an order; the order state decides
 * what is due. Derived data: rebuilt from the order state whenever the task starts, never
 * changelogged.
 *
 * <p>The hints due soonest ({@link #KEPT_IN_MEMORY} per task) are kept in memory, the later ones in
 * a local store. So a hint whose order is paid before it is due (most are, within minutes) is
 * dropped without a store write, and stream time passing a deadline reads the store only when the
 * hints in memory run out, a batch at a time.
 */
final class DeadlineIndex {
  /**
   * Hints kept in memory per task, about 120 bytes each (2 MB): the orders of the last half hour of a
   * partition at a thousand PLACED orders a minute, most of them paid and gone; past it, the latest
   * go to the store.
   */
  static final int KEPT_IN_MEMORY = 1 << 14;

  private static final byte[] PRESENT = new byte[0];

  private record Hint(long deadline, String orderId) implements Comparable<Hint> {
    @Override
    public int compareTo(Hint other) {
      int byTime = Long.compare(deadline, other.deadline);
      return byTime != 0 ? byTime : orderId.compareTo(other.orderId);
    }
  }

  private final TimeQueue<byte[]> stored;
  private final int keptInMemory;
  private final NavigableSet<Hint> soonest = new TreeSet<>();
  // every stored hint is due at or after this (Long.MAX_VALUE: the store holds none); the hints
  // in memory are due at or before it
  private long storedFrom = Long.MAX_VALUE;

  DeadlineIndex(KeyValueStore<Bytes, byte[]> store, int keptInMemory) {
    this.stored = new TimeQueue<>(store);
    this.keptInMemory = keptInMemory;
  }

  static StoreBuilder<KeyValueStore<Bytes, byte[]>> storeBuilder(StoreTypes stores, String name) {
    return Stores.keyValueStoreBuilder(stores.keyValue(name), Serdes.Bytes(), Serdes.ByteArray()).withLoggingDisabled();
  }

  /** Empties the index, to fill it again from the order state. */
  void clear() {
    List<KeyValue<Bytes, byte[]>> stale = new ArrayList<>();
    try (KeyValueIterator<Bytes, byte[]> all = stored.store().all()) {
      all.forEachRemaining(entry -> stale.add(KeyValue.pair(entry.key, null)));
    }
    stored.store().putAll(stale);
    soonest.clear();
    storedFrom = Long.MAX_VALUE;
  }


  void add(long deadline, String orderId) {
    if (deadline > storedFrom) {
      stored.store().put(TimeKeys.of(deadline, orderId), PRESENT);
      return;
    }
    soonest.add(new Hint(deadline, orderId));
    if (soonest.size() > keptInMemory) {
      storeLatest();
    }
  }

  /** Drops the hint of an order id that no longer waits for that deadline (if it is still in memory). */
  void remove(long deadline, String orderId) {
    soonest.remove(new Hint(deadline, orderId));
  }

  /** Removes and returns the order ids with a deadline before {@code limit}. */
  Set<String> takeBefore(long limit) {
    if (storedFrom < limit) {
      // the stored hints due before the limit, and the next ones: the store is read once per batch
      stored.takeBefore(limit, batch())
          .forEach(entry -> soonest.add(new Hint(TimeKeys.time(entry.key), TimeKeys.suffix(entry.key))));
      storedFrom = stored.earliestLeft();
    }
    Set<String> orderIds = new LinkedHashSet<>();
    while (!soonest.isEmpty() && soonest.first().deadline() < limit) {
      orderIds.add(soonest.pollFirst().orderId());
    }
    return orderIds;
  }

  /** A quarter of the hints kept in memory: how many move between memory and the store at a time. */
  private int batch() {
    return Math.max(1, keptInMemory / 4);
  }

  /** Moves the latest quarter of the hints in memory to the store, in one batch. */
  private void storeLatest() {
    List<KeyValue<Bytes, byte[]>> latest = new ArrayList<>();
    // hints before the store's read position stay in memory: they are due next and the store would not see them
    while (latest.size() < batch() && soonest.last().deadline() >= stored.readFrom()) {
      Hint hint = soonest.pollLast();
      latest.add(KeyValue.pair(TimeKeys.of(hint.deadline(), hint.orderId()), PRESENT));
      storedFrom = hint.deadline();
    }
    if (!latest.isEmpty()) {
      stored.store().putAll(latest);
    }
  }
}
