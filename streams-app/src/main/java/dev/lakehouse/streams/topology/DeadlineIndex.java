package dev.lakehouse.streams.topology;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.WindowStore;

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

  /** Empties the index and fills it with the deadlines at or after {@code from} in {@code states}. */
  void rebuild(WindowStore<String, OrderState> states, long from) {
    List<Bytes> stale = new ArrayList<>();
    try (KeyValueIterator<Bytes, byte[]> all = index.store().all()) {
      all.forEachRemaining(entry -> stale.add(entry.key));
    }
    stale.forEach(index.store()::delete);
    earliest = Long.MAX_VALUE;
    try (KeyValueIterator<Windowed<String>, OrderState> all = states.all()) {
      while (all.hasNext()) {
        KeyValue<Windowed<String>, OrderState> entry = all.next();
        String orderId = entry.key.key();
        entry.value.orders.stream().filter(o -> !o.paid && o.deadline >= from).forEach(o -> add(o.deadline, orderId));
        entry.value.payments.stream().filter(p -> !p.matched && p.deadline >= from)
            .forEach(p -> add(p.deadline, orderId));
      }
    }
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
    earliest = index.earliest();
    return orderIds;
  }
}
