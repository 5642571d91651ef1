package dev.lakehouse.streams.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.WindowStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rocksdb.Options;

/**
 * The shared budget on real RocksDB stores (the test driver opens them as a stream thread does): a
 * key-value store and a segmented window store in each of two clients, as the app runs two.
 */
class RocksDbMemoryTest {
  private static final long BUDGET = 8L << 20;
  private static final String INPUT = "input";
  private static final int VALUE_BYTES = 4096;

  private static final AtomicLong SEQUENCE = new AtomicLong();

  @TempDir
  Path stateDir;

  @Test
  void everyStoreOfBothClientsSharesOneCacheOfTheBudget() {
    try (RocksDbMemory memory = new RocksDbMemory(BUDGET);
        TopologyTestDriver pipeline = driver(memory, "pipeline");
        TopologyTestDriver checks = driver(memory, "checks")) {
      write(pipeline, 100);
      write(checks, 100);

      List<Double> capacities = new ArrayList<>(storeMetric(pipeline, "block-cache-capacity"));
      capacities.addAll(storeMetric(checks, "block-cache-capacity"));
      // a key-value store and a window store per client, the window store's segments each a RocksDB of its own
      assertThat(capacities).hasSize(4).containsOnly((double) BUDGET);
      assertThat(memory.openStores()).isGreaterThan(capacities.size());
    }
  }

  @Test
  void memtablesStayWithinTheBudgetWhileFarMoreIsWritten() {
    try (RocksDbMemory memory = new RocksDbMemory(BUDGET);
        TopologyTestDriver pipeline = driver(memory, "pipeline")) {
      long written = 0;
      long peakMemtables = 0;
      long peakUsage = 0;
      while (written < 4 * BUDGET) {
        write(pipeline, 256);
        written += 256L * VALUE_BYTES * 2;
        peakMemtables = Math.max(peakMemtables, sum(storeMetric(pipeline, "size-all-mem-tables")));
        peakUsage = Math.max(peakUsage, memory.usage());
      }

      // RocksDB's own per-store memtables would hold it all: 16 MB each before a flush, three of them
      assertThat(peakMemtables).as("memtables of every store, at their largest").isPositive()
          .isLessThanOrEqualTo((long) (BUDGET * RocksDbMemory.MEMTABLE_SHARE * 1.25));
      assertThat(peakUsage).as("the shared cache, memtables charged to it").isLessThanOrEqualTo(BUDGET * 5 / 4);
    }
  }

  @Test
  void closesTheCacheOnlyOnceNoStoreUsesIt() {
    RocksDbMemory memory = new RocksDbMemory(BUDGET);
    try (TopologyTestDriver pipeline = driver(memory, "pipeline")) {
      write(pipeline, 10);
      memory.close();
      assertThat(memory.isClosed()).as("closed while stores are open").isFalse();
    }
    assertThat(memory.openStores()).isZero();

    memory.close();

    assertThat(memory.isClosed()).isTrue();
  }

  @Test
  void leavesAConfigSetterOfTheUsersAlone() {
    Properties properties = new Properties();
    properties.put(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, "com.example.OwnSetter");
    try (RocksDbMemory memory = new RocksDbMemory(BUDGET)) {
      memory.install(properties);
    }

    assertThat(properties).containsOnly(Map.entry(StreamsConfig.ROCKSDB_CONFIG_SETTER_CLASS_CONFIG, "com.example.OwnSetter"));
  }

  @Test
  void refusesAStoreWithoutTheSharedBudget() {
    assertThatThrownBy(() -> new BoundedRocksDbConfig().setConfig("order-state", new Options(), Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot open the RocksDB store order-state with BoundedRocksDbConfig: the properties carry no "
            + "lakehouse.rocksdb.memory (use RocksDbMemory.install)");
  }

  private TopologyTestDriver driver(RocksDbMemory memory, String applicationId) {
    Properties properties = new Properties();
    properties.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
    properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
    properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.resolve(applicationId).toString());
    // every put reaches RocksDB at once: no record cache in front of it
    properties.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 0);
    memory.install(properties);
    return new TopologyTestDriver(topology(), properties, Instant.EPOCH);
  }

  /** Every record into a key-value store and into a window store of one-minute segments. */
  private static Topology topology() {
    StreamsBuilder builder = new StreamsBuilder();
    builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore("kv"),
        Serdes.String(), Serdes.ByteArray()));
    builder.addStateStore(Stores.windowStoreBuilder(
        Stores.persistentWindowStore("windows", Duration.ofMinutes(3), Duration.ofSeconds(30), false),
        Serdes.String(), Serdes.ByteArray()));
    builder.stream(INPUT, Consumed.with(Serdes.String(), Serdes.ByteArray()))
        .process(StoreWriter::new, "kv", "windows");
    return builder.build();
  }

  private static final class StoreWriter implements Processor<String, byte[], Void, Void> {
    private KeyValueStore<String, byte[]> kv;
    private WindowStore<String, byte[]> windows;

    @Override
    public void init(ProcessorContext<Void, Void> context) {
      kv = context.getStateStore("kv");
      windows = context.getStateStore("windows");
    }

    @Override
    public void process(Record<String, byte[]> record) {
      kv.put(record.key(), record.value());
      windows.put(record.key(), record.value(), record.timestamp());
    }
  }

  /** Distinct keys of incompressible values, event time advancing a second per record (new window segments). */
  private static void write(TopologyTestDriver driver, int records) {
    TestInputTopic<String, byte[]> input = driver.createInputTopic(INPUT, new StringSerializer(), new ByteArraySerializer());
    Random random = new Random(records);
    for (int i = 0; i < records; i++) {
      byte[] value = new byte[VALUE_BYTES];
      random.nextBytes(value);
      long sequence = SEQUENCE.incrementAndGet();
      input.pipeInput("key-" + sequence, value, Instant.EPOCH.plusSeconds(sequence));
    }
  }

  /** One RocksDB property metric of every store (and segment) of a client. */
  private static List<Double> storeMetric(TopologyTestDriver driver, String name) {
    List<Double> values = new ArrayList<>();
    for (Map.Entry<MetricName, ? extends Metric> metric : driver.metrics().entrySet()) {
      if (metric.getKey().name().equals(name) && metric.getKey().group().equals("stream-state-metrics")) {
        values.add(((Number) metric.getValue().metricValue()).doubleValue());
      }
    }
    return values;
  }

  private static long sum(List<Double> values) {
    return (long) values.stream().mapToDouble(Double::doubleValue).sum();
  }
}
