package dev.lakehouse.peerflink.config;

import dev.lakehouse.peerflink.job.JobSettings;
import dev.lakehouse.peerflink.job.KafkaIo;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;

/**
 * The peer's settings. The topology keys, their meaning and defaults are the Streams app's
 * (streams-app README.md, "Settings"), so one file configures both. Keys starting with
 * {@code kafka.} go, without the prefix, to every Kafka client; {@code flink.} ones go, without
 * the prefix, to Flink's configuration; {@code schema.registry.url} and other
 * {@code schema.registry.} keys (without the prefix) to the schema registry client.
 */
public final class PeerConfig {
  public static final String BOOTSTRAP_SERVERS = "kafka.bootstrap.servers";
  public static final String GROUP_ID = "group.id";
  public static final String TOPIC_PREFIX = "topic.prefix";
  public static final String PARALLELISM = "parallelism";
  public static final String CHECKPOINT_INTERVAL = "checkpoint.interval";
  public static final String TRANSACTION_TIMEOUT = "sink.transaction-timeout";
  public static final String DATA_DIR = "data.dir";
  public static final String REGISTRY_URL = "schema.registry.url";
  public static final String WINDOW_GRACE = "window.grace";
  public static final String DEDUP_WINDOW = "dedup.window";
  public static final String MAX_FUTURE_SKEW = "event-time.max-future-skew";
  public static final String HORIZON = "event-time.horizon";
  public static final String CURRENCIES = "validation.currencies";
  public static final String ORDER_STATUSES = "validation.order-statuses";
  public static final String PAYMENT_OUTCOMES = "validation.payment-outcomes";
  public static final String MAX_AMOUNT = "validation.max-amount";
  public static final String REFERENCE_HISTORY_RETENTION = "reference.history-retention";
  public static final String PAYMENT_JOIN_WINDOW = "payment-join.window";
  public static final String PAYMENT_JOIN_MAX_INPUT_SKEW = "payment-join.max-input-skew";

  static final String KAFKA_PREFIX = "kafka.";
  static final String FLINK_PREFIX = "flink.";
  static final String REGISTRY_PREFIX = "schema.registry.";

  static final ConfigDef DEFINITION = new ConfigDef()
      .define(BOOTSTRAP_SERVERS, Type.STRING, "127.0.0.1:19092", Importance.HIGH, "Kafka brokers.")
      .define(GROUP_ID, Type.STRING, "lakehouse-flink", new ConfigDef.NonEmptyString(), Importance.HIGH,
          "Consumer group the sources commit their checkpointed offsets to, and prefix of the sink's transactional ids.")
      .define(TOPIC_PREFIX, Type.STRING, "flink-", Importance.HIGH,
          "Prefix of every output topic, so that the Streams app and this job can share one broker.")
      .define(PARALLELISM, Type.INT, 2, ConfigDef.Range.atLeast(1), Importance.HIGH,
          "Parallel instances of every operator (slots of the local MiniCluster).")
      .define(CHECKPOINT_INTERVAL, Type.STRING, "1s", DurationText.validator(), Importance.HIGH,
          "How often checkpoints run; the sink commits its transactions when one completes.")
      .define(TRANSACTION_TIMEOUT, Type.STRING, "60s", DurationText.validator(), Importance.MEDIUM,
          "transaction.timeout.ms of the sink's producers: a transaction left open by a crash blocks "
              + "read_committed readers this long unless the restarted job aborts it first.")
      .define(DATA_DIR, Type.STRING, ".local/flink", Importance.HIGH,
          "Local data: checkpoints (checkpoints/) and RocksDB working files (rocksdb/).")
      .define(REGISTRY_URL, Type.STRING, "file:", Importance.MEDIUM,
          "Schema registry: file: (the catalog bundled in schemas/), file:/path/catalog.json or http(s)://host:port.")
      .define(WINDOW_GRACE, Type.STRING, "2m", DurationText.validator(), Importance.HIGH,
          "How long after its end a 1-minute window (and the order-payment join window) accepts events.")
      .define(DEDUP_WINDOW, Type.STRING, "10m", DurationText.validator(), Importance.MEDIUM,
          "How long an event_id is remembered to drop retries, in stream time counted from when it was seen "
              + "(whatever its event time).")
      .define(MAX_FUTURE_SKEW, Type.STRING, "5m", DurationText.validator(), Importance.MEDIUM,
          "Events further ahead of the wall clock are dead-lettered.")
      .define(HORIZON, Type.STRING, "7d", DurationText.validator(), Importance.MEDIUM,
          "Orders and payments further behind stream time are dead-lettered.")
      .define(CURRENCIES, Type.LIST, "EUR,GBP,USD", Importance.MEDIUM, "Accepted currencies.")
      .define(ORDER_STATUSES, Type.LIST, "CANCELLED,FULFILLED,PLACED", Importance.MEDIUM,
          "Accepted order statuses (must contain PLACED).")
      .define(PAYMENT_OUTCOMES, Type.LIST, "DECLINED,FAILED,SUCCEEDED", Importance.MEDIUM,
          "Accepted payment outcomes (must contain SUCCEEDED).")
      .define(MAX_AMOUNT, Type.STRING, "1000000.00", Importance.MEDIUM, "Largest accepted amount.")
      .define(REFERENCE_HISTORY_RETENTION, Type.STRING, "7d", DurationText.validator(), Importance.MEDIUM,
          "How far back, behind the newest version of the same customer or merchant, older versions are kept "
              + "for the as-of lookup.")
      .define(PAYMENT_JOIN_WINDOW, Type.STRING, "30m", DurationText.validator(), Importance.MEDIUM,
          "How long after an order its successful payment is looked for.")
      .define(PAYMENT_JOIN_MAX_INPUT_SKEW, Type.STRING, "10m", DurationText.validator(), Importance.MEDIUM,
          "How far the orders and the payments of a partition may run apart (in event time) before a join "
              + "deadline also falls due on the input ahead alone, so that nothing waits for an input that stopped.");

  private final Map<String, Object> values;
  private final Map<String, String> raw;

  private PeerConfig(Map<String, String> raw) {
    this.raw = raw;
    Map<String, String> declared = new LinkedHashMap<>();
    raw.forEach((key, value) -> {
      if (DEFINITION.names().contains(key)) {
        declared.put(key, value);
      } else if (!key.startsWith(KAFKA_PREFIX) && !key.startsWith(FLINK_PREFIX) && !key.startsWith(REGISTRY_PREFIX)) {
        throw new ConfigException("Cannot use setting '" + key + "': unknown key; known keys: "
            + DEFINITION.names().stream().sorted().toList() + " and the prefixes kafka., flink., schema.registry.");
      }
    });
    this.values = DEFINITION.parse(declared);
    requireListed(ORDER_STATUSES, "PLACED", "revenue and the payment join count PLACED orders");
    requireListed(PAYMENT_OUTCOMES, "SUCCEEDED", "the order-payment join looks for it");
    maxAmount();
  }

  /** Settings from key/value pairs (a properties file with the environment's overrides applied). */
  public static PeerConfig of(Map<String, String> settings) {
    return new PeerConfig(Map.copyOf(settings));
  }

  /** @param inputPartitions the partition count of {@code orders} and {@code payments}, read from Kafka */
  public JobSettings jobSettings(int inputPartitions) {
    return new JobSettings(string(TOPIC_PREFIX), registryConfig(), duration(WINDOW_GRACE), duration(DEDUP_WINDOW),
        duration(MAX_FUTURE_SKEW), duration(HORIZON), set(CURRENCIES), set(ORDER_STATUSES), set(PAYMENT_OUTCOMES),
        maxAmount(), duration(REFERENCE_HISTORY_RETENTION), duration(PAYMENT_JOIN_WINDOW),
        duration(PAYMENT_JOIN_MAX_INPUT_SKEW), inputPartitions);
  }

  public KafkaIo kafkaIo() {
    Map<String, String> clients = new LinkedHashMap<>(prefixed(KAFKA_PREFIX));
    clients.remove("bootstrap.servers");
    return new KafkaIo(string(BOOTSTRAP_SERVERS), clients, string(GROUP_ID), duration(TRANSACTION_TIMEOUT));
  }

  public int parallelism() {
    return (Integer) values.get(PARALLELISM);
  }

  public Duration checkpointInterval() {
    return duration(CHECKPOINT_INTERVAL);
  }

  public Path dataDir() {
    return Path.of(string(DATA_DIR)).toAbsolutePath();
  }

  /** Flink configuration keys given as {@code flink.<key>}, without the prefix. */
  public Map<String, String> flinkOverrides() {
    return prefixed(FLINK_PREFIX);
  }

  private Map<String, String> registryConfig() {
    Map<String, String> registry = new LinkedHashMap<>(prefixed(REGISTRY_PREFIX));
    registry.remove("url");
    registry.put(REGISTRY_URL, string(REGISTRY_URL));
    return registry;
  }

  private Map<String, String> prefixed(String prefix) {
    Map<String, String> found = new LinkedHashMap<>();
    raw.forEach((key, value) -> {
      if (key.startsWith(prefix)) {
        found.put(key.substring(prefix.length()), value);
      }
    });
    return found;
  }

  private BigDecimal maxAmount() {
    String text = string(MAX_AMOUNT);
    try {
      BigDecimal amount = new BigDecimal(text.trim());
      if (amount.signum() > 0) {
        return amount;
      }
    } catch (NumberFormatException e) {
      // the message below says what is accepted
    }
    throw new ConfigException("Cannot use " + MAX_AMOUNT + "=" + text + ": expected a positive decimal such as 1000000.00");
  }

  private void requireListed(String key, String required, String why) {
    if (!set(key).contains(required)) {
      throw new ConfigException("Cannot use " + key + "=" + String.join(",", set(key)) + ": it must contain "
          + required + " (" + why + ")");
    }
  }

  private String string(String key) {
    return (String) values.get(key);
  }

  private Duration duration(String key) {
    return DurationText.parse(key, string(key));
  }

  @SuppressWarnings("unchecked")
  private Set<String> set(String key) {
    List<String> list = (List<String>) values.get(key);
    Set<String> set = new LinkedHashSet<>();
    list.stream().map(String::trim).filter(v -> !v.isEmpty()).forEach(set::add);
    if (set.isEmpty()) {
      throw new ConfigException("Cannot use " + key + "=" + String.join(",", list) + ": it must not be empty");
    }
    return set;
  }

  /** Every declared key, for {@code --help} and the environment mapping. */
  public static List<String> keys() {
    return DEFINITION.names().stream().sorted().toList();
  }
}
