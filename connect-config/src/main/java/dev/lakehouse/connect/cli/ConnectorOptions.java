package dev.lakehouse.connect.cli;

import dev.lakehouse.connect.config.ConnectorConfigTemplate;
import dev.lakehouse.connect.config.Environment;
import dev.lakehouse.connect.config.LocalCredentials;
import dev.lakehouse.connect.config.SinkKafkaSettings;
import dev.lakehouse.connect.config.TemplateValues;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * Which connector config to use and the values substituted into it. Every value also reads a
 * {@code LAKEHOUSE_*} environment variable; what is still unset takes the environment's default.
 */
final class ConnectorOptions {
  @Option(names = "--env", paramLabel = "ENV", defaultValue = "local", converter = EnvironmentConverter.class,
      description = "Environment: local (JDBC catalog on SQLite, local S3) or aws (Glue, S3) (default: ${DEFAULT-VALUE})")
  Environment environment;

  @Option(names = "--file", paramLabel = "JSON",
      description = "Use this connector config file instead of the bundled one of --env ({{placeholders}} still filled)")
  Path file;

  @Option(names = "--bootstrap-servers", paramLabel = "HOSTS", defaultValue = "${env:LAKEHOUSE_BOOTSTRAP_SERVERS}",
      description = "Kafka bootstrap servers for the sink's own clients (local default 127.0.0.1:19092)")
  String bootstrapServers;

  @Option(names = "--s3-endpoint", paramLabel = "URL", defaultValue = "${env:LAKEHOUSE_S3_ENDPOINT}",
      description = "S3 endpoint (local only; default http://127.0.0.1:19000)")
  String s3Endpoint;

  @Option(names = "--data-dir", paramLabel = "DIR",
      defaultValue = "${env:LAKEHOUSE_DATA_DIR:-${sys:lakehouse.data-dir:-.local}}",
      description = "Local stack data folder holding catalog/iceberg.db and config/s3-credentials.properties "
          + "(local only; default: ${DEFAULT-VALUE})")
  Path dataDir;

  @Option(names = "--region", paramLabel = "REGION", defaultValue = "${env:LAKEHOUSE_REGION:-${env:AWS_REGION}}",
      description = "AWS region (env LAKEHOUSE_REGION or AWS_REGION; local default us-east-1)")
  String region;

  @Option(names = "--warehouse", paramLabel = "S3_URI", defaultValue = "${env:LAKEHOUSE_WAREHOUSE}",
      description = "Warehouse location (local default s3://lakehouse/warehouse; required for aws)")
  String warehouse;

  @Option(names = "--commit-interval-ms", paramLabel = "MS", defaultValue = "${env:LAKEHOUSE_COMMIT_INTERVAL_MS}",
      description = "Iceberg commit interval (default 5000 local, 60000 aws)")
  String commitIntervalMs;

  @Option(names = "--tasks-max", paramLabel = "N", defaultValue = "${env:LAKEHOUSE_TASKS_MAX}",
      description = "Sink tasks (default 1 local, 6 aws)")
  String tasksMax;

  @Option(names = "--replication-factor", paramLabel = "N", defaultValue = "${env:LAKEHOUSE_REPLICATION_FACTOR}",
      description = "Replication factor of the dead-letter topic (default 1 local, 3 aws)")
  String replicationFactor;

  @Option(names = "--schema-registry-url", paramLabel = "URL", defaultValue = "${env:LAKEHOUSE_SCHEMA_REGISTRY_URL}",
      description = "Schema registry of the Avro converter: file: (schemas bundled in the plugin, default) or http(s)://...")
  String schemaRegistryUrl;

  @Option(names = "--namespace", paramLabel = "NAME", defaultValue = "${env:LAKEHOUSE_NAMESPACE}",
      description = "Iceberg namespace (Glue database) of the tables (default lakehouse; a replay lands in its own, "
          + "e.g. lakehouse_replay_2: docs/operations.md \"Replaying history\")")
  String namespace;

  @Option(names = "--topic-prefix", paramLabel = "PREFIX", defaultValue = "${env:LAKEHOUSE_TOPIC_PREFIX}",
      description = "Prefix of the output topics to read, ending with a dot (default none; a replay's Streams app "
          + "writes under its output.topic-prefix, e.g. replay-2.)")
  String topicPrefix;

  @Option(names = "--kafka-property", paramLabel = "KEY=VALUE",
      description = "A setting of the sink's own Kafka clients (control topic), added as iceberg.kafka.KEY, e.g. "
          + "security.protocol=SASL_SSL; secrets (sasl.jaas.config, *password) only as $${file:<path>:<key>} or "
          + "$${env:NAME} references, resolved by the worker. Repeatable")
  Map<String, String> kafkaProperties = new LinkedHashMap<>();

  /** The connector config with every placeholder filled; no provider reference is resolved. */
  Map<String, String> render(String connectorName) {
    ConnectorConfigTemplate template = file == null ? ConnectorConfigTemplate.bundled(environment) : ConnectorConfigTemplate.file(file);
    return SinkKafkaSettings.addTo(template.render(connectorName, TemplateValues.of(environment, given())), kafkaProperties);
  }

  /** In the local environment, the credentials file the config references must exist before the worker reads it. */
  void prepareLocalSecrets() {
    if (environment == Environment.LOCAL) {
      LocalCredentials.ensure(absoluteDataDir());
    }
  }

  private Map<String, String> given() {
    Map<String, String> given = new HashMap<>();
    given.put(TemplateValues.BOOTSTRAP_SERVERS, bootstrapServers);
    given.put(TemplateValues.S3_ENDPOINT, s3Endpoint);
    given.put(TemplateValues.REGION, region);
    given.put(TemplateValues.WAREHOUSE, warehouse);
    given.put(TemplateValues.COMMIT_INTERVAL_MS, commitIntervalMs);
    given.put(TemplateValues.TASKS_MAX, tasksMax);
    given.put(TemplateValues.REPLICATION_FACTOR, replicationFactor);
    given.put(TemplateValues.SCHEMA_REGISTRY_URL, schemaRegistryUrl);
    given.put(TemplateValues.NAMESPACE, namespace);
    given.put(TemplateValues.TOPIC_PREFIX, topicPrefix);
    if (environment == Environment.LOCAL) {
      given.put(TemplateValues.DATA_DIR, absoluteDataDir().toString());
    }
    return given;
  }

  private Path absoluteDataDir() {
    return dataDir.toAbsolutePath().normalize();
  }
}
