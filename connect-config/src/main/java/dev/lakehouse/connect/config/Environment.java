package dev.lakehouse.connect.config;

import java.util.Locale;
import java.util.Map;

/**
 * Where the connector runs. Each environment is the shared {@code connectors/base.json} plus its own
 * file, and has defaults for the template values it may leave unset.
 */
public enum Environment {
  LOCAL(
      "connectors/local.json",
      Map.of(
          TemplateValues.BOOTSTRAP_SERVERS, "127.0.0.1:19092",
          TemplateValues.S3_ENDPOINT, "http://127.0.0.1:19000",
          TemplateValues.REGION, "us-east-1",
          TemplateValues.WAREHOUSE, "s3://lakehouse/warehouse",
          TemplateValues.COMMIT_INTERVAL_MS, "5000",
          TemplateValues.TASKS_MAX, "1",
          TemplateValues.REPLICATION_FACTOR, "1",
          TemplateValues.SCHEMA_REGISTRY_URL, "file:")),
  // bootstrap servers, region and warehouse have no sensible default in AWS: they must be given
  AWS(
      "connectors/aws.json",
      Map.of(
          TemplateValues.COMMIT_INTERVAL_MS, "60000",
          TemplateValues.TASKS_MAX, "6",
          TemplateValues.REPLICATION_FACTOR, "3",
          TemplateValues.SCHEMA_REGISTRY_URL, "file:"));

  static final String BASE_RESOURCE = "connectors/base.json";

  private final String resource;
  private final Map<String, String> defaults;

  Environment(String resource, Map<String, String> defaults) {
    this.resource = resource;
    this.defaults = defaults;
  }

  public String resource() {
    return resource;
  }

  public Map<String, String> defaults() {
    return defaults;
  }

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
