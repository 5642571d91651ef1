package dev.lakehouse.streams.topology.state;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * The highest record timestamp a processor has seen in its task, kept in a changelogged store so
 * that a restart or a task migration classifies records exactly as before. All processors of a
 * task share one store ({@link #STORE}), each under its own key: one changelog partition per task
 * instead of one per processor, which keeps the partitions of every transaction few. The store is
 * read once, at the first record after the processor started on its task (the store is restored by
 * then), and written on every advance; the processor is the key's only writer, so its copy in
 * memory stays equal to the store.
 */
public final class StreamTime {
  public static final long NONE = Long.MIN_VALUE;
  public static final String STORE = "stream-times";

  private final KeyValueStore<String, Long> store;
  private final String key;
  private Long current;

  public StreamTime(KeyValueStore<String, Long> store, String key) {
    this.store = store;
    this.key = key;
  }

  /** The key of a topic's validation: the highest event time accepted on the input partition. */
  public static String validationKey(String topic) {
    return topic + "-validation";
  }

  /** Adds the shared store; once per topology, before the processors that name it. */
  public static void addStore(StreamsBuilder builder, StoreTypes stores) {
    builder.addStateStore(Stores.keyValueStoreBuilder(stores.keyValue(STORE), Serdes.String(), Serdes.Long())
        .withCachingEnabled());
  }

  public long current() {
    if (current == null) {
      Long stored = store.get(key);
      current = stored == null ? NONE : stored;
    }
    return current;
  }

  /** Moves stream time to {@code timestamp} if that is later, and returns the new stream time. */
  public long advance(long timestamp) {
    if (timestamp <= current()) {
      return current;
    }
    current = timestamp;
    store.put(key, timestamp);
    return timestamp;
  }
}
