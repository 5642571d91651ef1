package dev.lakehouse.streams.topology;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The highest record timestamp a processor has seen in its task, kept in a changelogged store so
 * that a restart or a task migration classifies records exactly as before. Read from the store
 * each time (a cache hit) so the store stays the only truth.
 */
final class StreamTime {
  static final long NONE = Long.MIN_VALUE;
  static final String KEY = "stream-time";

  private final KeyValueStore<String, Long> store;

  StreamTime(KeyValueStore<String, Long> store) {
    this.store = store;
  }

  static StoreBuilder<KeyValueStore<String, Long>> storeBuilder(StoreTypes stores, String name) {
    return Stores.keyValueStoreBuilder(stores.keyValue(name), Serdes.String(), Serdes.Long())
        .withCachingEnabled();
  }

  long current() {
    Long stored = store.get(KEY);
    return stored == null ? NONE : stored;
  }

  /** Moves stream time to {@code timestamp} if that is later, and returns the new stream time. */
  long advance(long timestamp) {
    long current = current();
    if (timestamp <= current) {
      return current;
    }
    store.put(KEY, timestamp);
    return timestamp;
  }
}
