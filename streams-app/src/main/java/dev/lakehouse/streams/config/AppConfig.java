package dev.lakehouse.streams.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Range;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.streams.StreamsConfig;

/**
 * The application's settings. Keys of our own use {@code dotted.hierarchy-with-dashes}; Kafka
 * settings pass through under {@code kafka.} (every client: bootstrap, security) and
 * {@code streams.} (Kafka Streams only, including {@code streams.producer.*} and
 * {@code streams.consumer.*}); schema registry client settings under {@code schema.registry.}.
 */
public final class AppConfig extends AbstractConfig {
  public static final String KAFKA_PREFIX = "kafka.";
  public static final String STREAMS_PREFIX = "streams.";
  public static final String SCHEMA_REGISTRY_PREFIX = "schema.registry.";

  public static final String BOOTSTRAP_SERVERS = "kafka.bootstrap.servers";
  public static final String APPLICATION_ID = "streams.application.id";
  public static final String NUM_STREAM_THREADS = "streams.num.stream.threads";
  /** {@link #NUM_STREAM_THREADS} value for one thread per core, at most one per input partition. */
  public static final int AUTO_STREAM_THREADS = 0;
  public static final String REPLICATION_FACTOR = "streams.replication.factor";
  public static final String COMMIT_INTERVAL_MS = "streams.commit.interval.ms";
  public static final String STATE_DIR = "streams.state.dir";
  public static final String PROCESSING_GUARANTEE = "streams.processing.guarantee";
  public static final String DATA_DIR = "data.dir";
  public static final String HTTP_BIND_ADDRESS = "http.bind-address";
  public static final String HTTP_PORT = "http.port";
  public static final String SHUTDOWN_TIMEOUT = "shutdown.timeout";
  public static final String INSTANCE_ID = "instance.id";
  public static final String TOPIC_CHECK_ENABLED = "startup.topic-check.enabled";
  public static final String TOPIC_CHECK_TIMEOUT = "startup.topic-check.timeout";
  public static final String SCHEMA_REGISTRY_URL = "schema.registry.url";

  private static final Set<String> STREAMS_CLIENT_PREFIXES = Set.of(
      StreamsConfig.CONSUMER_PREFIX, StreamsConfig.MAIN_CONSUMER_PREFIX, StreamsConfig.RESTORE_CONSUMER_PREFIX,
      StreamsConfig.GLOBAL_CONSUMER_PREFIX, StreamsConfig.PRODUCER_PREFIX, StreamsConfig.ADMIN_CLIENT_PREFIX,
      StreamsConfig.TOPIC_PREFIX, StreamsConfig.CLIENT_TAG_PREFIX);

  private static final ConfigDef CONFIG_DEF = TopologyKeys.define(new ConfigDef()
      .define(BOOTSTRAP_SERVERS, Type.STRING, "127.0.0.1:19092", Importance.HIGH,
          "Kafka brokers to connect to, host:port[,host:port...]. Every other kafka.* key is passed "
              + "to all Kafka clients of the app with the prefix removed (security.protocol, sasl.*, ssl.*).")
      .define(APPLICATION_ID, Type.STRING, "lakehouse-streams", new ConfigDef.NonEmptyString(), Importance.HIGH,
          "Kafka Streams application.id: the consumer group, and the prefix of internal topics and state.")
      .define(NUM_STREAM_THREADS, Type.INT, AUTO_STREAM_THREADS, Range.atLeast(AUTO_STREAM_THREADS),
          Importance.MEDIUM,
          "Stream threads in this instance; 0 = one per core, at most one per input partition (more "
              + "would sit idle).")
      .define(REPLICATION_FACTOR, Type.INT, -1, Range.atLeast(-1), Importance.MEDIUM,
          "Replication factor of the internal (changelog and repartition) topics; -1 uses the broker's "
              + "default.replication.factor.")
      .define(COMMIT_INTERVAL_MS, Type.LONG, 100L, Range.atLeast(1), Importance.MEDIUM,
          "How often a transaction is committed, in milliseconds: the latency of the output topics for "
              + "read_committed readers, traded against throughput.")
      .define(STATE_DIR, Type.STRING, "", Importance.MEDIUM,
          "Directory of the local state stores (RocksDB); empty means <data.dir>/streams-state.")
      .define(PROCESSING_GUARANTEE, Type.STRING, StreamsConfig.EXACTLY_ONCE_V2,
          AppConfig::requireExactlyOnce, Importance.LOW,
          "Only exactly_once_v2: the output topics' contract is exactly-once for read_committed readers.")
      .define(DATA_DIR, Type.STRING, ".local/streams", new ConfigDef.NonEmptyString(), Importance.MEDIUM,
          "Folder for the app's local data (state stores unless streams.state.dir is set).")
      .define(HTTP_BIND_ADDRESS, Type.STRING, "0.0.0.0", new ConfigDef.NonEmptyString(), Importance.LOW,
          "Address the health and metrics HTTP server binds to (0.0.0.0 so that probes from outside "
              + "the container reach it; 127.0.0.1 to keep it local).")
      .define(HTTP_PORT, Type.INT, 18081, Range.between(0, 65535), Importance.LOW,
          "Port of the health and metrics HTTP server; 0 picks a free port (logged at startup).")
      .define(SHUTDOWN_TIMEOUT, Type.STRING, "30s", Durations.atLeast(Duration.ZERO), Importance.LOW,
          "How long a shutdown (SIGTERM) waits for both Kafka Streams clients to commit and close, in all; "
              + "give the orchestrator a longer grace period (docs/operations.md, section 2).")
      .define(INSTANCE_ID, Type.STRING, "", AppConfig::requireInstanceId, Importance.MEDIUM,
          "This instance's stable name (a StatefulSet pod's name): its Kafka Streams clients join their groups "
              + "as static members (group.instance.id), so a restart within the session timeout moves no task. "
              + "Empty: dynamic membership. Unique per instance of an application; environment "
              + "LAKEHOUSE_INSTANCE_ID or LAKEHOUSE_STREAMS_INSTANCE_ID.")
      .define(TOPIC_CHECK_ENABLED, Type.BOOLEAN, true, Importance.LOW,
          "Check at startup that every input and output topic exists, and fail naming the missing ones.")
      .define(TOPIC_CHECK_TIMEOUT, Type.STRING, "30s", Durations.atLeast(Duration.ofSeconds(1)), Importance.LOW,
          "How long the startup topic check waits for the brokers.")
      .define(SCHEMA_REGISTRY_URL, Type.STRING, "file:", Importance.HIGH,
          "Schema registry: file: for the catalog bundled in the schemas module, file:/path/catalog.json, "
              + "or http(s)://host:port of a Confluent-compatible registry. Other schema.registry.* keys "
              + "go to the registry client without the prefix (schema.registry.basic.auth.user.info, "
              + "schema.registry.basic.auth.credentials.source, schema.registry.http.read.timeout.ms)."));

  /**
   * Kafka accepts letters, digits, {@code .}, {@code _} and {@code -} in a group.instance.id, at most
   * 249 characters; Kafka Streams appends {@code -<thread index>} per stream thread.
   */
  private static void requireInstanceId(String key, Object value) {
    String id = String.valueOf(value);
    if (!id.isEmpty() && !id.matches("[a-zA-Z0-9._-]{1,240}")) {
      throw new ConfigException("Cannot use " + key + "=" + id + ": a static member's name may hold only letters, "
          + "digits, '.', '_' and '-', at most 240 of them (a pod name fits); leave it empty for dynamic membership");
    }
  }

  private static void requireExactlyOnce(String key, Object value) {
    if (!StreamsConfig.EXACTLY_ONCE_V2.equals(value)) {
      throw new ConfigException("Cannot use " + key + "=" + value + ": the output topics promise exactly-once "
          + "to read_committed readers, so only exactly_once_v2 is accepted");
    }
  }

  public AppConfig(Map<String, String> settings) {
    super(CONFIG_DEF, settings, false);
    rejectUnknownKeys(settings);
    TopologyKeys.validate(this);
  }

  public static ConfigDef configDef() {
    return new ConfigDef(CONFIG_DEF);
  }

  public String bootstrapServers() {
    return getString(BOOTSTRAP_SERVERS);
  }

  public String applicationId() {
    return getString(APPLICATION_ID);
  }

  public Path dataDir() {
    return Path.of(getString(DATA_DIR));
  }

  public Path stateDir() {
    String stateDir = getString(STATE_DIR);
    return stateDir.isBlank() ? dataDir().resolve("streams-state") : Path.of(stateDir);
  }

  public String httpBindAddress() {
    return getString(HTTP_BIND_ADDRESS);
  }

  /**
   * The stream threads to run: as set, or one per core but at most one per input partition. A
   * stream thread spends much of its time waiting for the broker (fetches, transaction commits),
   * so one thread per core keeps the cores busy; a thread without a task only costs clients.
   */
  public int streamThreads(int inputPartitions) {
    int configured = getInt(NUM_STREAM_THREADS);
    if (configured != AUTO_STREAM_THREADS) {
      return configured;
    }
    return Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(), inputPartitions));
  }

  public int httpPort() {
    return getInt(HTTP_PORT);
  }

  public Duration shutdownTimeout() {
    return duration(SHUTDOWN_TIMEOUT);
  }

  /** The instance's stable name for static group membership; empty for dynamic membership. */
  public Optional<String> instanceId() {
    String id = getString(INSTANCE_ID);
    return id.isEmpty() ? Optional.empty() : Optional.of(id);
  }

  public boolean topicCheckEnabled() {
    return getBoolean(TOPIC_CHECK_ENABLED);
  }

  public Duration topicCheckTimeout() {
    return duration(TOPIC_CHECK_TIMEOUT);
  }

  public Duration duration(String key) {
    return Durations.parse(key, getString(key));
  }

  /** Settings for every Kafka client (the kafka.* keys, prefix removed). */
  public Map<String, Object> kafkaClientSettings() {
    return new TreeMap<>(originalsWithPrefix(KAFKA_PREFIX));
  }

  /** Kafka Streams settings as given (the streams.* keys, prefix removed). */
  public Map<String, Object> streamsSettings() {
    return new TreeMap<>(originalsWithPrefix(STREAMS_PREFIX));
  }

  /**
   * The schema registry client settings under the names the serde reads: {@code schema.registry.url}
   * as is, every other {@code schema.registry.*} key without the prefix.
   */
  public Map<String, String> schemaRegistrySettings() {
    Map<String, String> settings = new TreeMap<>();
    originalsWithPrefix(SCHEMA_REGISTRY_PREFIX).forEach((key, value) -> settings.put(key, String.valueOf(value)));
    settings.remove("url");
    settings.put(SCHEMA_REGISTRY_URL, getString(SCHEMA_REGISTRY_URL));
    return settings;
  }

  /** Every effective setting (defaults included), secrets masked, sorted by key. */
  public Map<String, String> describe() {
    Map<String, Object> effective = new TreeMap<>(originals());
    values().forEach((key, value) -> effective.put(key, value instanceof List<?> list ? String.join(",",
        list.stream().map(String::valueOf).toList()) : value));
    return Secrets.masked(effective);
  }

  private static void rejectUnknownKeys(Map<String, String> settings) {
    List<String> unknown = new ArrayList<>();
    for (String key : settings.keySet()) {
      if (key.startsWith(STREAMS_PREFIX) && !CONFIG_DEF.names().contains(key)) {
        requireStreamsSetting(key);
      } else if (!CONFIG_DEF.names().contains(key) && !key.startsWith(KAFKA_PREFIX)
          && !key.startsWith(SCHEMA_REGISTRY_PREFIX)) {
        unknown.add(key);
      }
    }
    if (!unknown.isEmpty()) {
      throw new ConfigException("Cannot use unknown key(s) " + unknown
          + ": not a streams-app setting and not under kafka., streams. or schema.registry. (check the spelling; "
          + "the keys are listed in streams-app/README.md)");
    }
  }

  private static void requireStreamsSetting(String key) {
    String streamsKey = key.substring(STREAMS_PREFIX.length());
    if (streamsKey.equals(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG)) {
      throw new ConfigException("Cannot set " + key + ": it is always true, so that stores and internal "
          + "topics keep their names across topology changes");
    }
    boolean known = StreamsConfig.configDef().names().contains(streamsKey)
        || STREAMS_CLIENT_PREFIXES.stream().anyMatch(streamsKey::startsWith);
    if (!known) {
      throw new ConfigException("Cannot use " + key + ": " + streamsKey + " is not a Kafka Streams setting; "
          + "client settings go under streams.producer., streams.consumer., streams.admin. or kafka.");
    }
  }
}
