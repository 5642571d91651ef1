package dev.lakehouse.streams.topology;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * The highest record timestamp a processor has seen in its task, kept in a changelogged store so
 * that a restart or a task migration classifies records exactly as before. All processors of a
 * task share one store ({@link #STORE}), each under its own key: one changelog partition per task
 * instead of one per processor, which keeps the partitions of every transaction few. Read from the
 * store each time (a cache hit) so the store stays the only truth.
 */
final class StreamTime {
  static final long NONE = Long.MIN_VALUE;
  static final String STORE = "stream-times";

  private final KeyValueStore<String, Long> store;
  private final String key;

  StreamTime(KeyValueStore<String, Long> store, String key) {
    this.store = store;
    this.key = key;
  }

  /** Adds the shared store; once per topology, before the processors that name it. */
  static void addStore(StreamsBuilder builder, StoreTypes stores) {
    builder.addStateStore(Stores.keyValueStoreBuilder(stores.keyValue(STORE), Serdes.String(), Serdes.Long())
        .withCachingEnabled());
  }

  long current() {
    Long stored = store.get(key);
    return stored == null ? NONE : stored;
  }

  /** Moves stream time to {@code timestamp} if that is later, and returns the new stream time. */
  long advance(long timestamp) {
    long current = current();
    if (timestamp <= current) {
      return current;
    }
    store.put(key, timestamp);
    return timestamp;
  }
}
