package dev.lakehouse.local.stack.config;

import dev.lakehouse.conventions.EnvironmentNames;
import dev.lakehouse.testkit.JavaCommand;
import dev.lakehouse.testkit.TrinoScripts;
import java.util.Arrays;
import java.util.Optional;

/**
 * Every setting of the local stack: its key in {@code lakehouse.properties}, its default and its
 * environment override ({@code LAKEHOUSE_} + the key in upper case, dots and dashes as underscores).
 */
public enum Setting {
  DATA_DIR("data-dir", Kind.TEXT, "<repo>/.local", "Folder holding every byte of the stack: broker logs, S3 objects, catalog, state, logs"),
  KAFKA_PORT("kafka.port", Kind.PORT, "19092", "Kafka broker port; the KRaft controller uses the next port"),
  S3_PORT("s3.port", Kind.PORT, "19000", "S3-compatible server (s3proxy) port"),
  CONNECT_PORT("connect.port", Kind.PORT, "18083", "Kafka Connect worker REST port"),
  STREAMS_PORT("streams.port", Kind.PORT, "18081", "Streams app HTTP port (/health/ready, /metrics)"),
  TRINO_PORT("trino.port", Kind.PORT, "18080", "Trino HTTP port (used when Trino is installed)"),
  DASHBOARD_PORT("dashboard.port", Kind.PORT, "18088", "Dashboard (Apache Superset) HTTP port"),
  STREAMS_INSTANCES("streams.instances", Kind.COUNT, "1",
      "Streams app instances, each its own JVM and state folder, HTTP port streams.port + 100 x (n - 1); more than 1: one standby replica per task"),
  CONNECT_WORKERS("connect.workers", Kind.COUNT, "1",
      "Kafka Connect workers in the one distributed cluster, each its own JVM, REST port connect.port + 100 x (n - 1)"),
  TOPIC_PARTITIONS("topics.partitions", Kind.COUNT, "3", "Partitions of every pipeline topic (inputs, reference data, outputs)"),
  STREAMS_APPLICATION_ID("streams.application-id", Kind.TEXT, "lakehouse-streams", "Kafka Streams application.id (also its consumer group)"),
  STARTUP_TIMEOUT_SECONDS("startup.timeout-seconds", Kind.COUNT, "180", "How long `up` waits for one component to be ready"),
  STOP_TIMEOUT_SECONDS("stop.timeout-seconds", Kind.COUNT, "60", "How long `down` waits after SIGTERM before SIGKILL"),
  SERVICES_HEAP("services.heap", Kind.HEAP, "768m", "Max heap of the services JVM (broker, S3 server)"),
  CONNECT_HEAP("connect.heap", Kind.HEAP, "1g", "Max heap of the Connect worker JVM"),
  STREAMS_HEAP("streams.heap", Kind.HEAP, "512m", "Max heap of the Streams app JVM"),
  GENERATOR_HEAP("generator.heap", Kind.HEAP, "256m", "Max heap of the event generator JVM"),
  MAINTENANCE_HEAP("maintenance.heap", Kind.HEAP, "512m", "Max heap of the maintenance job JVM"),
  JVM_OPTIONS("jvm.options", Kind.WORDS, String.join(" ", JavaCommand.QUICK_START),
      "Extra options of every component JVM; the default starts fast on small machines (drop TieredStopAtLevel=1 for peak throughput)"),
  GENERATOR_ENABLED("generator.enabled", Kind.FLAG, "true", "Start the event generator with `up`"),
  GENERATOR_ARGS("generator.args", Kind.WORDS, "--rate 20 --events 100000 --no-tail",
      "Arguments of the event generator started by `up` (`lakehouse generate --help`); the launcher adds --bootstrap-servers"),
  TRINO_ENABLED("trino.enabled", Kind.FLAG, "true", "Start Trino with `up` when it is installed (lakehouse setup installs it)"),
  TRINO_JVM_OPTIONS("trino.jvm-options", Kind.WORDS, "",
      "Extra options of the Trino JVM, after its etc/jvm.config (Trino's own settings); e.g. "
          + String.join(" ", TrinoScripts.QUICK_START) + " for a third less CPU on a small machine"),
  DBT_ENABLED("dbt.enabled", Kind.FLAG, "true",
      "Build the dbt models with `up` and keep the marts fresh (dbt/bin/schedule.py, every dbt.every); needs Trino and .venv"),
  DBT_EVERY("dbt.every", Kind.DURATION, "15s",
      "How often dbt/bin/schedule.py runs the staging views and marts (its --interval); each run keeps Trino busy for seconds"),
  DASHBOARD_ENABLED("dashboard.enabled", Kind.FLAG, "true",
      "Start the dashboard (Apache Superset) with `up` when it is installed; needs the dbt models"),
  MAINTENANCE_ENABLED("maintenance.enabled", Kind.FLAG, "true", "Start the maintenance job with `up` when it is built"),
  MAINTENANCE_EVERY("maintenance.every", Kind.DURATION, "10m", "Schedule of the maintenance job (its --every value)");

  /** What a setting's value is; {@link StackConfig} reads and checks each kind once. */
  public enum Kind { TEXT, PORT, COUNT, HEAP, FLAG, WORDS, DURATION }

  private static final String ENV_PREFIX = "LAKEHOUSE_";

  private final String key;
  private final Kind kind;
  private final String defaultValue;
  private final String description;

  Setting(String key, Kind kind, String defaultValue, String description) {
    this.key = key;
    this.kind = kind;
    this.defaultValue = defaultValue;
    this.description = description;
  }

  public String key() {
    return key;
  }

  public Kind kind() {
    return kind;
  }

  public String defaultValue() {
    return defaultValue;
  }

  public String description() {
    return description;
  }

  public String envName() {
    return EnvironmentNames.variable(ENV_PREFIX, key);
  }

  /** Where a user changes this setting, for error messages. */
  public String howToChange() {
    return "set " + key + " in lakehouse.properties or the environment variable " + envName();
  }

  public static Optional<Setting> byKey(String key) {
    return Arrays.stream(values()).filter(s -> s.key.equals(key)).findFirst();
  }
}
