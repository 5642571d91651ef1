package dev.lakehouse.streams.topology.orders;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.WindowStore;

/**
 * The order state of one task ({@link OrderTracker}): the window store, whose timestamps are buckets
 * of stream time, with two kinds of derived data in memory in front of it.
 *
 * <ul>
 *   <li>Which ids each bucket may hold ({@link StoredIds}), so that looking up an id never stored
 *       (the first event of most orders) reads nothing.
 *   <li>The states written most recently, as the bytes written ({@link #KEPT_STATES} per task, the
 *       least recently used go first): the payments and status changes of an order follow it
 *       within minutes, so most lookups of a stored id find it here instead of reading it from
 *       RocksDB. Every write goes to the store too (write-through), and the tracker is the store's
 *       only writer in its task, so a kept state is always the store's latest. Kept as bytes, not
 *       decoded: a decoded state is dozens of objects that every young collection would copy (with
 *       8,192 decoded states per task, the collector's share of the app's CPU went from 2 % to 12 %
 *       over a million events).
 * </ul>
 *
 * Both are filled again when the task starts: the ids from the store, the kept states as they are
 * written.
 */
final class OrderStates {
  /**
   * States kept per task, a few hundred bytes each (about 2 MB): the orders of the last few thousand
   * touched, which at a thousand new orders a minute is longer than payments take to follow them.
   */
  static final int KEPT_STATES = 4096;

  private record Kept(long bucket, byte[] state) {}

  private final Serializer<OrderState> serializer;
  private final Deserializer<OrderState> deserializer;
  private final WindowStore<String, byte[]> store;
  private final long bucketMs;
  private final StoredIds storedIds = new StoredIds();
  private final Map<String, Kept> kept;

  /**
   * @param bucketMs the length of a bucket: the longest a state must live after its latest change
   * @param keptStates how many recently written states to keep
   */
  OrderStates(WindowStore<String, byte[]> store, long bucketMs, int keptStates) {
    this.store = store;
    this.bucketMs = bucketMs;
    // taken once: the serde hands out a new serializer and deserializer on every call
    OrderStateSerde serde = new OrderStateSerde();
    this.serializer = serde.serializer();
    this.deserializer = serde.deserializer();
    this.kept = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, Kept> eldest) {
        return size() > keptStates;
      }
    };
  }

  /** Reads every stored state once, to learn which ids each bucket holds; hands each to {@code each} too. */
  void load(BiConsumer<String, OrderState> each) {
    try (KeyValueIterator<Windowed<String>, byte[]> all = store.all()) {
      while (all.hasNext()) {
        KeyValue<Windowed<String>, byte[]> entry = all.next();
        storedIds.add(entry.key.window().start(), entry.key.key());
        each.accept(entry.key.key(), decode(entry.value));
      }
    }
  }

  /**
   * The latest state of the order id written at a stream time between the two, or a new one if
   * there is none; reads only buckets that may hold it.
   */
  OrderState latest(String orderId, long from, long to) {
    long oldest = bucketOf(Math.max(0L, from));
    Kept recent = kept.get(orderId);
    if (recent != null) {
      // the store holds nothing newer, and what it holds before this bucket is out of range too
      return recent.bucket() >= oldest ? decode(recent.state()) : new OrderState();
    }
    for (long bucket = bucketOf(to); bucket >= oldest; bucket -= bucketMs) {
      byte[] state = storedIds.mayHold(bucket, orderId) ? store.fetch(orderId, bucket) : null;
      if (state != null) {
        return decode(state);
      }
    }
    return new OrderState();
  }

  /** Writes the state of the order id at stream time {@code now}. */
  void put(String orderId, OrderState state, long now) {
    long bucket = bucketOf(now);
    byte[] bytes = serializer.serialize(OrderTracker.STATE_STORE, state);
    store.put(orderId, bytes, bucket);
    storedIds.add(bucket, orderId);
    kept.put(orderId, new Kept(bucket, bytes));
  }

  /** Forgets which ids the buckets before the one of {@code time} hold: no lookup reads them any more. */
  void forgetBefore(long time) {
    storedIds.forgetBefore(bucketOf(Math.max(0L, time)));
  }

  private OrderState decode(byte[] state) {
    return deserializer.deserialize(OrderTracker.STATE_STORE, state);
  }

  private long bucketOf(long time) {
    return time - time % bucketMs;
  }
}
