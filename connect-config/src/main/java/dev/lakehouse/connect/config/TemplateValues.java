package dev.lakehouse.connect.config;

import java.util.HashMap;
import java.util.Map;

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

  private final Map<String, String> values;

  private TemplateValues(Map<String, String> values) {
    this.values = Map.copyOf(values);
  }

  /** The environment's defaults, overridden by every non-null value of {@code given}. */
  public static TemplateValues of(Environment environment, Map<String, String> given) {
    Map<String, String> values = new HashMap<>(environment.defaults());
    given.forEach((name, value) -> {
      if (value != null && !value.isBlank()) {
        values.put(name, value.trim());
      }
    });
    return new TemplateValues(values);
  }

  public String get(String name) {
    return values.get(name);
  }

  @Override
  public String toString() {
    return values.toString();
  }
}
