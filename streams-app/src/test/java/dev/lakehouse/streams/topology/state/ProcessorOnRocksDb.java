package dev.lakehouse.streams.topology.state;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * A processor context whose stores are RocksDB, as in production, and outlive the processors: a
 * second processor started on them is a restarted one (the test driver deletes its stores on close).
 */
public final class ProcessorOnRocksDb {
  private ProcessorOnRocksDb() {}

  public static <K, V> MockProcessorContext<K, V> context(Path stateDir, Instant wallClock, List<StoreBuilder<?>> stores) {
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, "processor-on-rocksdb-test");
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
    MockProcessorContext<K, V> context = new MockProcessorContext<>(props, new TaskId(0, 0), stateDir.toFile());
    context.setCurrentSystemTimeMs(wallClock.toEpochMilli());
    for (StoreBuilder<?> builder : stores) {
      // the mock context has no record cache and no changelog
      StateStore store = builder.withCachingDisabled().withLoggingDisabled().build();
      store.init(context.getStateStoreContext(), store);
      context.addStateStore(store);
    }
    return context;
  }

  /** The builders' store types: RocksDB, the default. */
  public static StoreTypes rocksDb() {
    return StoreTypes.from(new Properties());
  }
}
