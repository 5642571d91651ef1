package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.FileSchemaRegistry;
import dev.lakehouse.schemas.serde.AvroDeserializer;
import dev.lakehouse.streams.topology.orders.TrackerMemory;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.BuiltInDslStoreSuppliers;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;

/**
 * The app's two topologies (the pipeline, and the reference checks that dead-letter invalid
 * reference records) in {@link TopologyTestDriver}s with the production settings that matter:
 * inputs go to every topology that reads them, outputs are read from both.
 */
public final class TopologyHarness implements AutoCloseable {
  /** The mocked wall clock; test event times lie before it. */
  public static final Instant WALL_CLOCK = Instant.parse("2026-11-29T12:00:00Z");

  private final TopologyTestDriver pipeline;
  private final TopologyTestDriver referenceChecks;
  private final Map<String, List<TestInputTopic<String, byte[]>>> inputs = new HashMap<>();
  private final Map<String, List<TestOutputTopic<String, GenericRecord>>> outputs = new HashMap<>();

  public TopologyHarness(TopologySettings settings, Path stateDir) {
    this(settings, streamsProperties(stateDir));
  }

  public TopologyHarness(TopologySettings settings, Properties props) {
    this(settings, props, TrackerMemory.DEFAULT);
  }

  /** @param trackerMemory what the order tracker keeps in memory in front of its stores (little: it reads them) */
  public TopologyHarness(TopologySettings settings, Properties props, TrackerMemory trackerMemory) {
    pipeline = new TopologyTestDriver(LakehouseTopology.build(settings, props, trackerMemory), props, WALL_CLOCK);
    Properties checksProps = new Properties();
    checksProps.putAll(props);
    checksProps.put(StreamsConfig.APPLICATION_ID_CONFIG,
        props.get(StreamsConfig.APPLICATION_ID_CONFIG) + ReferenceChecksTopology.APPLICATION_ID_SUFFIX);
    referenceChecks = new TopologyTestDriver(ReferenceChecksTopology.build(settings, checksProps), checksProps,
        WALL_CLOCK);
    for (String topic : Topics.INPUTS) {
      inputs.put(topic, new ArrayList<>());
      for (TopologyTestDriver driver : List.of(pipeline, referenceChecks)) {
        if (driver == pipeline || topic.equals(Topics.CUSTOMERS) || topic.equals(Topics.MERCHANTS)) {
          inputs.get(topic).add(driver.createInputTopic(topic, new StringSerializer(), new ByteArraySerializer()));
        }
      }
    }
    for (String topic : Topics.OUTPUTS.stream().map(settings::outputTopic).toList()) {
      outputs.put(topic, List.of(pipeline, referenceChecks).stream()
          .map(driver -> driver.createOutputTopic(topic, new StringDeserializer(),
              new AvroDeserializer(FileSchemaRegistry.bundled(), null)))
          .toList());
    }
  }

  public static Properties streamsProperties(Path stateDir) {
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, "lakehouse-topology-test");
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
    props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
    props.put(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, true);
    props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
    // the driver commits, and so flushes every store, after each record: RocksDB makes that ~1 s
    // per record on a loaded machine; versioned tables and join buffers stay on RocksDB regardless
    props.put(StreamsConfig.DSL_STORE_SUPPLIERS_CLASS_CONFIG, BuiltInDslStoreSuppliers.InMemoryDslStoreSuppliers.class);
    // final results are emitted at most once per wall-clock interval; the driver's clock stands still
    props.put(StreamsConfig.InternalConfig.EMIT_INTERVAL_MS_KSTREAMS_WINDOWED_AGGREGATION, 0L);
    props.put(StreamsConfig.InternalConfig.EMIT_INTERVAL_MS_KSTREAMS_OUTER_JOIN_SPURIOUS_RESULTS_FIX, 0L);
    return props;
  }

  public void pipe(String topic, GenericRecord record) {
    pipe(topic, keyOf(topic, record), TestEvents.encode(topic, record));
  }

  public void pipe(String topic, String key, byte[] value) {
    pipe(topic, key, value, WALL_CLOCK);
  }

  /** A record with its Kafka timestamp (the topology re-stamps valid records with their event time). */
  public void pipe(String topic, String key, byte[] value, Instant timestamp) {
    inputs.get(topic).forEach(input -> input.pipeInput(new TestRecord<>(key, value, timestamp)));
  }

  /** @param topic an output topic as written, under the settings' prefix */
  public List<TestRecord<String, GenericRecord>> read(String topic) {
    List<TestRecord<String, GenericRecord>> records = new ArrayList<>();
    outputs.get(topic).forEach(output -> records.addAll(output.readRecordsToList()));
    return records;
  }

  /** Every topic either topology wrote to, internal ones included. */
  Set<String> producedTopics() {
    Set<String> topics = new TreeSet<>(pipeline.producedTopicNames());
    topics.addAll(referenceChecks.producedTopicNames());
    return topics;
  }

  /** Moves the pipeline's wall clock on, running the wall-clock punctuations that fall due. */
  public void advanceWallClock(Duration by) {
    pipeline.advanceWallClockTime(by);
  }

  public <K, V> KeyValueStore<K, V> keyValueStore(String name) {
    return pipeline.getKeyValueStore(name);
  }

  /** The counter summed over stream threads; 0 when never registered. */
  public double counter(String name, String topic) {
    double sum = 0;
    Map<MetricName, Metric> metrics = new HashMap<>(pipeline.metrics());
    metrics.putAll(referenceChecks.metrics());
    for (Map.Entry<MetricName, ? extends Metric> metric : metrics.entrySet()) {
      MetricName id = metric.getKey();
      if (id.group().equals(LakehouseMetrics.GROUP) && id.name().equals(name)
          && topic.equals(id.tags().get(LakehouseMetrics.TOPIC_TAG))) {
        sum += ((Number) metric.getValue().metricValue()).doubleValue();
      }
    }
    return sum;
  }

  static String keyOf(String topic, GenericRecord record) {
    return switch (topic) {
      case Topics.CUSTOMERS -> record.get("customer_id").toString();
      case Topics.MERCHANTS -> record.get("merchant_id").toString();
      default -> record.get("order_id").toString();
    };
  }

  @Override
  public void close() {
    pipeline.close();
    referenceChecks.close();
  }
}
