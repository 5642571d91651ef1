package dev.lakehouse.streams.config;

import dev.lakehouse.streams.topology.ReferenceChecksTopology;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;

/** The Kafka Streams and Admin client properties that an {@link AppConfig} stands for. */
public final class StreamsProperties {
  /**
   * Kafka Streams settings whose Kafka default does not suit this topology; any streams.* key
   * overrides them. Measured with the benchmark (see README):
   * <ul>
   *   <li>a 60 s transaction timeout instead of 10 s. A thread slowed down (CPU starved, long GC, large
   *   restore) for over 10 s had its transaction aborted and was fenced, and the rework slowed it
   *   further. The cost: after a crash on another host, read_committed readers may wait up to 60 s for
   *   the open transaction to be aborted (a restart on the same state directory aborts it at once);
   *   <li>256 kB producer batches instead of 16 kB: each commit sends what the record cache and the
   *   steps produced since the last one, several 16 kB batches per partition; in fewer, larger
   *   batches the app used a tenth (1,000,000 events) to a quarter (100,000) less CPU per event;
   *   <li>the global consumer's fetch wait pinned at Kafka's 500 ms, so that a {@code consumer.*}
   *   setting of it (a longer wait saves an idle app's CPU) does not reach the reference histories.
   *   The global thread restores its stores one partition at a time and then assigns them all; each
   *   switch waits for the fetch it left parked at the broker, so with a 5 s wait a restarted instance
   *   read no new reference version for up to 5 s after its stream threads had started, and enriched
   *   orders with the version before (the scaled fault test, 2026-12-04).
   * </ul>
   */
  static final Map<String, Object> TUNED_DEFAULTS = Map.of(
      StreamsConfig.PRODUCER_PREFIX + ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, 60_000,
      StreamsConfig.PRODUCER_PREFIX + ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024,
      StreamsConfig.GLOBAL_CONSUMER_PREFIX + ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG,
      ConsumerConfig.DEFAULT_FETCH_MAX_WAIT_MS);

  /**
   * The session timeout of a static member unless a streams.* key sets one. A static member that
   * stops does not leave its group: its tasks wait for it (no rebalance) until this expires. A
   * rolling restart's pod is back in about 20 s once its consumer closed (pod replaced, JVM started,
   * group rejoined; the close itself heartbeats), so 60 s leaves room for a slow start or a short
   * image pull, and bounds how long a lost instance's tasks wait before they move (to their standby).
   */
  static final int STATIC_MEMBER_SESSION_TIMEOUT_MS = 60_000;

  private StreamsProperties() {}

  /**
   * The tuned defaults, every {@code kafka.*} and {@code streams.*} setting, then the typed ones (defaults applied),
   * then the two settings the pipeline's contract depends on: exactly-once and stable names of
   * stores and internal topics; with {@code instance.id}, static membership.
   */
  public static Properties of(AppConfig config) {
    // before the input topics are described: stream threads not capped by their partitions
    return of(config, Integer.MAX_VALUE);
  }

  /** {@link #of(AppConfig)} for input topics of {@code inputPartitions} partitions (they bound the stream threads). */
  public static Properties of(AppConfig config, int inputPartitions) {
    Map<String, Object> props = new TreeMap<>(TUNED_DEFAULTS);
    if (config.instanceId().isPresent()) {
      props.put(StreamsConfig.CONSUMER_PREFIX + ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, STATIC_MEMBER_SESSION_TIMEOUT_MS);
    }
    props.putAll(config.kafkaClientSettings());
    props.putAll(config.streamsSettings());
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, config.applicationId());
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers());
    props.put(StreamsConfig.STATE_DIR_CONFIG, config.stateDir().toAbsolutePath().toString());
    props.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, config.streamThreads(inputPartitions));
    props.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, config.getInt(AppConfig.REPLICATION_FACTOR));
    props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, config.getLong(AppConfig.COMMIT_INTERVAL_MS));
    props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
    props.put(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, true);
    // the main consumers only (Kafka Streams appends -<thread index>): restore and global consumers have no group
    config.instanceId().ifPresent(id ->
        props.put(StreamsConfig.MAIN_CONSUMER_PREFIX + ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, id));
    Properties properties = new Properties();
    properties.putAll(props);
    return properties;
  }

  /**
   * The properties of the second client, which dead-letters invalid reference records: the same,
   * with its own application id (its own consumer group, internal topics and state) and one thread.
   * A static member keeps the instance's name there too: group instance ids are unique per group.
   */
  public static Properties referenceChecks(AppConfig config) {
    Properties properties = of(config);
    properties.put(StreamsConfig.APPLICATION_ID_CONFIG,
        config.applicationId() + ReferenceChecksTopology.APPLICATION_ID_SUFFIX);
    properties.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 1);
    return properties;
  }

  /**
   * The producer settings among the tuned defaults, without their prefix: the benchmark's ceiling
   * produces with them, so both sides batch alike.
   */
  public static Map<String, Object> tunedProducerDefaults() {
    Map<String, Object> producer = new TreeMap<>();
    TUNED_DEFAULTS.forEach((key, value) -> {
      if (key.startsWith(StreamsConfig.PRODUCER_PREFIX)) {
        producer.put(key.substring(StreamsConfig.PRODUCER_PREFIX.length()), value);
      }
    });
    return producer;
  }

  /** Properties for an Admin client of the same cluster: bootstrap servers and every kafka.* setting. */
  public static Map<String, Object> admin(AppConfig config) {
    Map<String, Object> props = new TreeMap<>(config.kafkaClientSettings());
    props.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers());
    props.put(CommonClientConfigs.CLIENT_ID_CONFIG, config.applicationId() + "-startup-check");
    return props;
  }
}
