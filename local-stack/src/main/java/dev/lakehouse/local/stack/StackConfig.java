package dev.lakehouse.local.stack;

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

/**
 * The settings of one local stack, resolved from defaults, then the properties file, then
 * {@code LAKEHOUSE_*} environment variables, then explicit overrides (command-line options).
 */
public final class StackConfig {
  public static final String FILE_NAME = "lakehouse.properties";
  private static final Pattern HEAP = Pattern.compile("[1-9][0-9]*[kKmMgG]");
  private static final List<Setting> PORTS =
      List.of(Setting.KAFKA_PORT, Setting.S3_PORT, Setting.CONNECT_PORT, Setting.STREAMS_PORT, Setting.TRINO_PORT);

  private final Path repoDir;
  private final Map<Setting, String> values;

  private StackConfig(Path repoDir, Map<Setting, String> values) {
    this.repoDir = repoDir;
    this.values = values;
    validate();
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
      throw new StackException("Cannot read the settings file " + file + ": " + e.getMessage(), e);
    }
    Map<Setting, String> values = new HashMap<>();
    for (String key : props.stringPropertyNames()) {
      Setting setting =
          Setting.byKey(key)
              .orElseThrow(() -> new StackException(
                  "Cannot read the settings file " + file + ": unknown key '" + key + "'; known keys: "
                      + Arrays.stream(Setting.values()).map(Setting::key).toList()));
      values.put(setting, props.getProperty(key).trim());
    }
    return values;
  }

  private void validate() {
    Map<Integer, String> taken = new HashMap<>();
    for (Setting port : PORTS) {
      int value = port(port);
      List<Integer> used = port == Setting.KAFKA_PORT ? List.of(value, value + 1) : List.of(value);
      for (int p : used) {
        String previous = taken.putIfAbsent(p, port.key());
        if (previous != null) {
          throw new StackException(
              "Cannot use port " + p + " for " + port.key() + ": " + previous + " uses it already"
                  + (port == Setting.KAFKA_PORT || Setting.KAFKA_PORT.key().equals(previous)
                      ? " (the Kafka controller takes kafka.port + 1)" : "")
                  + "; " + port.howToChange());
        }
      }
    }
    positiveInt(Setting.TOPIC_PARTITIONS);
    positiveInt(Setting.STARTUP_TIMEOUT_SECONDS);
    positiveInt(Setting.STOP_TIMEOUT_SECONDS);
    for (Setting heap : List.of(Setting.SERVICES_HEAP, Setting.CONNECT_HEAP, Setting.STREAMS_HEAP,
        Setting.GENERATOR_HEAP, Setting.MAINTENANCE_HEAP)) {
      if (!HEAP.matcher(raw(heap)).matches()) {
        throw invalid(heap, "expected a heap size such as 512m or 1g");
      }
    }
    for (Setting flag : List.of(Setting.GENERATOR_ENABLED, Setting.TRINO_ENABLED, Setting.MAINTENANCE_ENABLED)) {
      flag(flag);
    }
  }

  private StackException invalid(Setting setting, String expectation) {
    return new StackException(
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

  private boolean flag(Setting setting) {
    String value = raw(setting);
    if (!value.equals("true") && !value.equals("false")) {
      throw invalid(setting, "expected true or false");
    }
    return Boolean.parseBoolean(value);
  }

  public int port(Setting setting) {
    if (!PORTS.contains(setting)) {
      throw new IllegalArgumentException(setting.key() + " is not a port setting");
    }
    int value = positiveInt(setting);
    if (value > 65534) {
      throw invalid(setting, "expected a port between 1 and 65534");
    }
    return value;
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

  public int connectPort() {
    return port(Setting.CONNECT_PORT);
  }

  public int streamsPort() {
    return port(Setting.STREAMS_PORT);
  }

  public int trinoPort() {
    return port(Setting.TRINO_PORT);
  }

  public String bootstrapServers() {
    return "127.0.0.1:" + kafkaPort();
  }

  public String s3Endpoint() {
    return "http://127.0.0.1:" + s3Port();
  }

  public String connectUrl() {
    return "http://127.0.0.1:" + connectPort();
  }

  public String streamsUrl() {
    return "http://127.0.0.1:" + streamsPort();
  }

  public int topicPartitions() {
    return positiveInt(Setting.TOPIC_PARTITIONS);
  }

  public String streamsApplicationId() {
    return raw(Setting.STREAMS_APPLICATION_ID);
  }

  public Duration startupTimeout() {
    return Duration.ofSeconds(positiveInt(Setting.STARTUP_TIMEOUT_SECONDS));
  }

  public Duration stopTimeout() {
    return Duration.ofSeconds(positiveInt(Setting.STOP_TIMEOUT_SECONDS));
  }

  public String heap(Setting heapSetting) {
    return raw(heapSetting);
  }

  public boolean enabled(Setting flagSetting) {
    return flag(flagSetting);
  }

  public List<String> generatorArgs() {
    return words(raw(Setting.GENERATOR_ARGS));
  }

  public List<String> jvmOptions() {
    return words(raw(Setting.JVM_OPTIONS));
  }

  private static List<String> words(String value) {
    String trimmed = value.trim();
    return trimmed.isEmpty() ? List.of() : List.of(trimmed.split("\\s+"));
  }

  public String maintenanceEvery() {
    return raw(Setting.MAINTENANCE_EVERY);
  }

  /** Every setting with its resolved value, in declaration order. */
  public Map<Setting, String> values() {
    return new EnumMap<>(values);
  }
}
