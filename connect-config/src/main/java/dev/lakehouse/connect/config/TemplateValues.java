package dev.lakehouse.connect.config;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The values substituted for {@code {{name}}} placeholders of the connector config: what differs
 * between one deployment and the next (addresses, folders, region), never a secret.
 */
public final class TemplateValues {
  public static final String CONNECTOR_NAME = "connector.name";
  public static final String BOOTSTRAP_SERVERS = "bootstrap.servers";
  public static final String S3_ENDPOINT = "s3.endpoint";
  public static final String DATA_DIR = "data.dir";
  public static final String REGION = "region";
  public static final String WAREHOUSE = "warehouse";
  public static final String COMMIT_INTERVAL_MS = "commit.interval-ms";
  public static final String TASKS_MAX = "tasks.max";
  public static final String REPLICATION_FACTOR = "replication.factor";
  public static final String SCHEMA_REGISTRY_URL = "schema.registry.url";
  /** The Iceberg namespace (Glue database) the tables are in: another one for a replay. */
  public static final String NAMESPACE = "namespace";
  /** Prepended to every output topic the connector reads: a replay's Streams app writes under one. */
  public static final String TOPIC_PREFIX = "topic.prefix";

  static final String DEFAULT_NAMESPACE = "lakehouse";
  private static final Pattern NAMESPACE_NAME = Pattern.compile("[a-z][a-z0-9_]*");
  private static final Pattern TOPIC_PREFIX_FORM = Pattern.compile("([a-zA-Z0-9._-]*\\.)?");

  private final Map<String, String> values;

  private TemplateValues(Map<String, String> values) {
    this.values = Map.copyOf(values);
  }

  /** The environment's defaults, overridden by every non-null value of {@code given}. */
  public static TemplateValues of(Environment environment, Map<String, String> given) {
    Map<String, String> values = new HashMap<>(environment.defaults());
    values.putIfAbsent(NAMESPACE, DEFAULT_NAMESPACE);
    values.putIfAbsent(TOPIC_PREFIX, "");
    given.forEach((name, value) -> {
      if (value != null && !value.isBlank()) {
        values.put(name, value.trim());
      }
    });
    require(values, NAMESPACE, NAMESPACE_NAME, "lowercase letters, digits and _, starting with a letter (a Glue "
        + "database name), such as lakehouse_replay_2");
    require(values, TOPIC_PREFIX, TOPIC_PREFIX_FORM, "empty, or topic-name characters ending with a dot, such as replay-2. "
        + "(the connector reads <prefix>orders-enriched, ...; the contract is the name after the last dot)");
    return new TemplateValues(values);
  }

  private static void require(Map<String, String> values, String name, Pattern form, String expected) {
    if (!form.matcher(values.get(name)).matches()) {
      throw new ConfigException("Cannot use " + name + " '" + values.get(name) + "': expected " + expected + "; set "
          + ConnectorConfigTemplate.optionFor(name));
    }
  }

  public String get(String name) {
    return values.get(name);
  }

  @Override
  public String toString() {
    return values.toString();
  }
}
