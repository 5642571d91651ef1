package dev.lakehouse.connect.tables;

import dev.lakehouse.connect.config.ConfigException;
import dev.lakehouse.connect.config.SinkConfigCheck;
import dev.lakehouse.schemas.Topics;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * Reads, from a rendered connector config, the tables it writes: each table's topic (the one topic
 * its route-regex matches), the schema from that topic's Avro contract (a prefixed topic's: {@link
 * Topics#contract}), the partition spec, and the
 * table properties the sink would use on auto-create ({@code iceberg.tables.auto-create-props.*}),
 * plus the sink's commit cadence, recorded in each table so that the maintenance job reads it from
 * the one place it is configured (the connector config) instead of a copy in its own config.
 */
public final class TableDefinitions {
  static final String LINEAGE_TRANSFORM = "org.apache.iceberg.connect.transforms.KafkaMetadataTransform";
  /** Read by the maintenance job (its orphan age floor); the values are the sink's milliseconds. */
  public static final String SINK_COMMIT_INTERVAL_PROPERTY = "lakehouse.sink.commit-interval-ms";
  public static final String SINK_COMMIT_TIMEOUT_PROPERTY = "lakehouse.sink.commit-timeout-ms";
  private static final String AUTO_CREATE_PROPS = "iceberg.tables.auto-create-props.";
  /** The Iceberg sink's own defaults (IcebergSinkConfig 1.12) when the config sets neither. */
  private static final String SINK_DEFAULT_COMMIT_INTERVAL_MS = "300000";
  private static final String SINK_DEFAULT_COMMIT_TIMEOUT_MS = "30000";

  private TableDefinitions() {}

  public static List<TableDefinition> fromConfig(Map<String, String> config) {
    List<String> topics = list(config.getOrDefault("topics", ""));
    String lineagePrefix = lineagePrefix(config);
    Map<String, String> properties = new LinkedHashMap<>();
    config.forEach((key, value) -> {
      if (key.startsWith(AUTO_CREATE_PROPS)) {
        properties.put(key.substring(AUTO_CREATE_PROPS.length()), value);
      }
    });
    properties.put(SINK_COMMIT_INTERVAL_PROPERTY,
        config.getOrDefault("iceberg.control.commit.interval-ms", SINK_DEFAULT_COMMIT_INTERVAL_MS));
    properties.put(SINK_COMMIT_TIMEOUT_PROPERTY,
        config.getOrDefault("iceberg.control.commit.timeout-ms", SINK_DEFAULT_COMMIT_TIMEOUT_MS));
    List<TableDefinition> definitions = new ArrayList<>();
    for (String table : SinkConfigCheck.tables(config)) {
      String topic = topicOf(table, topics, config);
      org.apache.avro.Schema avro = Topics.valueSchema(Topics.contract(topic));
      Schema schema = lineagePrefix == null
          ? TableSchemas.fromAvro(avro)
          : TableSchemas.fromAvroWithLineage(avro, lineagePrefix);
      String partitionBy = config.get(SinkConfigCheck.tableKey(table, SinkConfigCheck.PARTITION_BY));
      definitions.add(new TableDefinition(TableIdentifier.parse(table), topic, schema, partitionBy, Map.copyOf(properties)));
    }
    return definitions;
  }

  private static String topicOf(String table, List<String> topics, Map<String, String> config) {
    String key = SinkConfigCheck.tableKey(table, SinkConfigCheck.ROUTE_REGEX);
    String regex = config.get(key);
    if (regex == null) {
      throw new ConfigException("Cannot derive the schema of table " + table + ": " + key
          + " is not set, so its topic (and Avro contract) is unknown");
    }
    Pattern pattern = Pattern.compile(regex);
    List<String> matching = topics.stream().filter(t -> pattern.matcher(t).matches()).toList();
    if (matching.size() != 1) {
      throw new ConfigException("Cannot derive the schema of table " + table + ": " + key + "='" + regex
          + "' matches " + matching.size() + " topics of " + topics + "; it must match exactly one");
    }
    return matching.get(0);
  }

  /** The column prefix of the flat KafkaMetadataTransform, or null when the config has none. */
  static String lineagePrefix(Map<String, String> config) {
    for (String alias : list(config.getOrDefault("transforms", ""))) {
      if (LINEAGE_TRANSFORM.equals(config.get("transforms." + alias + ".type"))) {
        if (Boolean.parseBoolean(config.getOrDefault("transforms." + alias + ".nested", "false"))) {
          throw new ConfigException("Cannot derive the table schemas: transforms." + alias
              + ".nested=true is not supported here; use the flat lineage columns (nested=false)");
        }
        return config.getOrDefault("transforms." + alias + ".field_name", TableSchemas.DEFAULT_LINEAGE_PREFIX);
      }
    }
    return null;
  }

  private static List<String> list(String value) {
    return Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }
}
