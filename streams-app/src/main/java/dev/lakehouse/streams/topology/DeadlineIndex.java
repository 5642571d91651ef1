package dev.lakehouse.streams.topology;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * Which order ids have a deadline when, so that stream time passing a deadline finds its orders
 * without scanning the order state. Derived data: the store is not changelogged and is rebuilt from
 * the order state whenever the task starts, which costs no broker writes per record. An entry is a
 * hint to look at an order; the order state decides what is due.
 */
final class DeadlineIndex {
  private static final byte[] PRESENT = new byte[0];

  private final TimeQueue<byte[]> index;
  // the earliest deadline in the index, so that most records need no range scan
  private long earliest = Long.MAX_VALUE;

  DeadlineIndex(KeyValueStore<Bytes, byte[]> index) {
    this.index = new TimeQueue<>(index);
  }

  static StoreBuilder<KeyValueStore<Bytes, byte[]>> storeBuilder(StoreTypes stores, String name) {
    return Stores.keyValueStoreBuilder(stores.keyValue(name), Serdes.Bytes(), Serdes.ByteArray()).withLoggingDisabled();
  }

  /** Empties the index; {@link #addOpen} then fills it again from the order state. */
  void clear() {
    List<Bytes> stale = new ArrayList<>();
    try (KeyValueIterator<Bytes, byte[]> all = index.store().all()) {
      all.forEachRemaining(entry -> stale.add(entry.key));
    }
    index.store().putAll(stale.stream().map(key -> KeyValue.<Bytes, byte[]>pair(key, null)).toList());
    earliest = Long.MAX_VALUE;
  }

  /** Adds the deadlines at or after {@code from} of an order's unpaid orders and unmatched payments. */
  void addOpen(String orderId, OrderState state, long from) {
    state.orders.stream().filter(o -> !o.paid && o.deadline >= from).forEach(o -> add(o.deadline, orderId));
    state.payments.stream().filter(p -> !p.matched && p.deadline >= from).forEach(p -> add(p.deadline, orderId));
  }

  void add(long deadline, String orderId) {
    index.store().put(TimeKeys.of(deadline, orderId), PRESENT);
    earliest = Math.min(earliest, deadline);
  }

  /** Removes and returns the order ids with a deadline before {@code limit}. */
  Set<String> takeBefore(long limit) {
    if (earliest >= limit) {
      return Set.of();
    }
    Set<String> orderIds = new LinkedHashSet<>();
    index.takeBefore(limit).forEach(entry -> orderIds.add(TimeKeys.suffix(entry.key)));
    earliest = index.earliestLeft();
    return orderIds;
  }
}
