package dev.lakehouse.local.stack.config;

import dev.lakehouse.conventions.DurationFormat;
import dev.lakehouse.local.stack.InvalidInputException;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * The settings of one local stack, resolved from defaults, then the properties file, then
 * {@code LAKEHOUSE_*} environment variables, then explicit overrides (command-line options). Every
 * value is read by its {@link Setting.Kind} and checked once, when the config is built; a value that
 * does not fit is an {@link InvalidInputException} naming the setting, the value and where to change it.
 */
public final class StackConfig {
  public static final String FILE_NAME = "lakehouse.properties";
  private static final Pattern HEAP = Pattern.compile("[1-9][0-9]*[kKmMgG]");
  private static final int HIGHEST_PORT = 65534;

  private final Path repoDir;
  private final Map<Setting, String> values;
  private final Map<Setting, Integer> numbers = new EnumMap<>(Setting.class);
  private final Map<Setting, Boolean> flags = new EnumMap<>(Setting.class);
  private final Map<Setting, Duration> durations = new EnumMap<>(Setting.class);

  private StackConfig(Path repoDir, Map<Setting, String> values) {
    this.repoDir = repoDir;
    this.values = values;
    for (Setting setting : Setting.values()) {
      read(setting);
    }
    requireDistinctPorts();
  }

  /** The defaults only (plus overrides): what tests start from. */
  public static StackConfig of(Path repoDir, Map<Setting, String> overrides) {
    return load(repoDir, null, Map.of(), overrides);
  }

  /**
   * @param file a properties file, or null for none; keys not in {@link Setting} are refused
   * @param env the environment; only {@code LAKEHOUSE_*} names of known settings are read
   */
  public static StackConfig load(Path repoDir, Path file, Map<String, String> env, Map<Setting, String> overrides) {
    Map<Setting, String> values = new EnumMap<>(Setting.class);
    for (Setting setting : Setting.values()) {
      values.put(setting, setting.defaultValue());
    }
    values.put(Setting.DATA_DIR, repoDir.resolve(".local").toString());
    if (file != null) {
      values.putAll(readFile(file));
    }
    for (Setting setting : Setting.values()) {
      String fromEnv = env.get(setting.envName());
      if (fromEnv != null && !fromEnv.isBlank()) {
        values.put(setting, fromEnv.trim());
      }
    }
    values.putAll(overrides);
    return new StackConfig(repoDir.toAbsolutePath().normalize(), values);
  }

  private static Map<Setting, String> readFile(Path file) {
    Properties props = new Properties();
    try (Reader reader = Files.newBufferedReader(file)) {
      props.load(reader);
    } catch (IOException e) {
      throw new InvalidInputException("Cannot read the settings file " + file + ": " + e.getMessage(), e);
    }
    Map<Setting, String> values = new HashMap<>();
    for (String key : props.stringPropertyNames()) {
      Setting setting =
          Setting.byKey(key)
              .orElseThrow(() -> new InvalidInputException(
                  "Cannot read the settings file " + file + ": unknown key '" + key + "'; known keys: "
                      + Arrays.stream(Setting.values()).map(Setting::key).toList()));
      values.put(setting, props.getProperty(key).trim());
    }
    return values;
  }

  private void read(Setting setting) {
    switch (setting.kind()) {
      case PORT -> numbers.put(setting, readPort(setting));
      case COUNT -> numbers.put(setting, positiveInt(setting));
      case FLAG -> flags.put(setting, flag(setting));
      case DURATION -> durations.put(setting, positiveDuration(setting));
      case HEAP -> {
        if (!HEAP.matcher(raw(setting)).matches()) {
          throw invalid(setting, "expected a heap size such as 512m or 1g");
        }
      }
      case TEXT, WORDS -> { }
    }
  }

  private void requireDistinctPorts() {
    Map<Integer, String> taken = new HashMap<>();
    for (Setting port : Setting.values()) {
      if (port.kind() != Setting.Kind.PORT) {
        continue;
      }
      int value = numbers.get(port);
      List<Integer> used = switch (port) {
        case KAFKA_PORT -> List.of(value, value + 1);
        case STREAMS_PORT -> instancePorts(value, streamsInstances());
        case CONNECT_PORT -> instancePorts(value, connectWorkers());
        default -> List.of(value);
      };
      for (int p : used) {
        if (p > 65535) {
          throw invalid(port, "its instance " + ((p - value) / INSTANCE_PORT_STEP + 1) + " would take port " + p
              + " (one port every " + INSTANCE_PORT_STEP + " per instance), beyond 65535");
        }
        String previous = taken.putIfAbsent(p, port.key());
        if (previous != null) {
          throw new InvalidInputException(
              "Cannot use port " + p + " for " + port.key() + ": " + previous + " uses it already"
                  + (port == Setting.KAFKA_PORT || Setting.KAFKA_PORT.key().equals(previous)
                      ? " (the Kafka controller takes kafka.port + 1)" : "")
                  + (p != value ? " (instance " + ((p - value) / INSTANCE_PORT_STEP + 1) + " of " + port.key()
                      + " takes it: one port every " + INSTANCE_PORT_STEP + ")" : "")
                  + "; " + port.howToChange());
        }
      }
    }
  }

  private static List<Integer> instancePorts(int first, int instances) {
    return IntStream.range(0, instances).mapToObj(i -> first + INSTANCE_PORT_STEP * i).toList();
  }

  private InvalidInputException invalid(Setting setting, String expectation) {
    return new InvalidInputException(
        "Cannot use " + setting.key() + "='" + raw(setting) + "': " + expectation + "; " + setting.howToChange());
  }

  private String raw(Setting setting) {
    return values.get(setting);
  }

  private int positiveInt(Setting setting) {
    try {
      int value = Integer.parseInt(raw(setting));
      if (value > 0) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw invalid(setting, "expected a whole number above 0");
  }

  private int readPort(Setting setting) {
    int value = positiveInt(setting);
    if (value > HIGHEST_PORT) {
      throw invalid(setting, "expected a port between 1 and " + HIGHEST_PORT);
    }
    return value;
  }

  private boolean flag(Setting setting) {
    String value = raw(setting);
    if (!value.equals("true") && !value.equals("false")) {
      throw invalid(setting, "expected true or false");
    }
    return Boolean.parseBoolean(value);
  }

  private Duration positiveDuration(Setting setting) {
    Duration value;
    try {
      value = DurationFormat.parse(setting.key(), raw(setting));
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException(e.getMessage() + "; " + setting.howToChange(), e);
    }
    if (value.isZero()) {
      throw invalid(setting, "expected a duration above 0");
    }
    return value;
  }

  /** A port setting's value. */
  public int port(Setting setting) {
    if (setting.kind() != Setting.Kind.PORT) {
      throw new IllegalArgumentException(setting.key() + " is not a port setting");
    }
    return numbers.get(setting);
  }

  public Path repoDir() {
    return repoDir;
  }

  public Path dataDir() {
    return repoDir.resolve(raw(Setting.DATA_DIR)).toAbsolutePath().normalize();
  }

  public StackLayout layout() {
    return new StackLayout(dataDir());
  }

  public int kafkaPort() {
    return port(Setting.KAFKA_PORT);
  }

  public int s3Port() {
    return port(Setting.S3_PORT);
  }

  /** How far apart the ports of one component's instances are (streams.instances, connect.workers). */
  public static final int INSTANCE_PORT_STEP = 100;

  public int connectPort() {
    return port(Setting.CONNECT_PORT);
  }

  /** The REST port of Connect worker {@code worker} (1-based). */
  public int connectPort(int worker) {
    return connectPort() + INSTANCE_PORT_STEP * (worker - 1);
  }

  public int streamsPort() {
    return port(Setting.STREAMS_PORT);
  }

  /** The HTTP port of Streams app instance {@code instance} (1-based). */
  public int streamsPort(int instance) {
    return streamsPort() + INSTANCE_PORT_STEP * (instance - 1);
  }

  public int streamsInstances() {
    return numbers.get(Setting.STREAMS_INSTANCES);
  }

  public int connectWorkers() {
    return numbers.get(Setting.CONNECT_WORKERS);
  }

  public int trinoPort() {
    return port(Setting.TRINO_PORT);
  }

  public int dashboardPort() {
    return port(Setting.DASHBOARD_PORT);
  }

  public String bootstrapServers() {
    return "127.0.0.1:" + kafkaPort();
  }

  public String s3Endpoint() {
    return "http://127.0.0.1:" + s3Port();
  }

  public String connectUrl() {
    return connectUrl(1);
  }

  public String connectUrl(int worker) {
    return "http://127.0.0.1:" + connectPort(worker);
  }

  public String streamsUrl() {
    return streamsUrl(1);
  }

  public String streamsUrl(int instance) {
    return "http://127.0.0.1:" + streamsPort(instance);
  }

  public int topicPartitions() {
    return numbers.get(Setting.TOPIC_PARTITIONS);
  }

  public String streamsApplicationId() {
    return raw(Setting.STREAMS_APPLICATION_ID);
  }

  public Duration startupTimeout() {
    return Duration.ofSeconds(numbers.get(Setting.STARTUP_TIMEOUT_SECONDS));
  }

  public Duration stopTimeout() {
    return Duration.ofSeconds(numbers.get(Setting.STOP_TIMEOUT_SECONDS));
  }

  public String heap(Setting heapSetting) {
    return raw(heapSetting);
  }

  public boolean enabled(Setting flagSetting) {
    return flags.get(flagSetting);
  }

  public List<String> generatorArgs() {
    return words(raw(Setting.GENERATOR_ARGS));
  }

  public List<String> jvmOptions() {
    return words(raw(Setting.JVM_OPTIONS));
  }

  public List<String> trinoJvmOptions() {
    return words(raw(Setting.TRINO_JVM_OPTIONS));
  }

  private static List<String> words(String value) {
    String trimmed = value.trim();
    return trimmed.isEmpty() ? List.of() : List.of(trimmed.split("\\s+"));
  }

  public Duration maintenanceEvery() {
    return durations.get(Setting.MAINTENANCE_EVERY);
  }

  public Duration dbtEvery() {
    return durations.get(Setting.DBT_EVERY);
  }

  /** Every setting with its resolved value, in declaration order. */
  public Map<Setting, String> values() {
    return new EnumMap<>(values);
  }
}
