package dev.lakehouse.connect.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SinkConfigCheckTest {
  private static final Set<String> DEFINED = Set.of("connector.class", "topics", "tasks.max", "iceberg.tables",
      "iceberg.tables.route-field", "iceberg.control.commit.interval-ms");

  private static Map<String, String> valid() {
    Map<String, String> config = new LinkedHashMap<>();
    config.put("connector.class", "org.apache.iceberg.connect.IcebergSinkConnector");
    config.put("topics", "orders-enriched,late-events");
    config.put("iceberg.catalog.catalog-impl", "org.apache.iceberg.jdbc.JdbcCatalog");
    config.put("iceberg.tables", "lakehouse.orders_enriched,lakehouse.late_events");
    config.put("iceberg.tables.route-field", "_kafka_metadata_topic");
    config.put("iceberg.table.lakehouse.orders_enriched.route-regex", "orders-enriched");
    config.put("iceberg.table.lakehouse.orders_enriched.partition-by", "hours(event_time)");
    config.put("iceberg.table.lakehouse.late_events.route-regex", "late-events");
    config.put("iceberg.tables.auto-create-props.format-version", "2");
    return config;
  }

  @Test
  void aValidConfigHasNoProblem() {
    assertThat(SinkConfigCheck.check(valid(), DEFINED)).isEmpty();
  }

  @Test
  void namesAMisspeltKeyWithTheClosestDefinedOne() {
    Map<String, String> config = valid();
    config.put("iceberg.control.commit.intervl-ms", "1000");

    assertThat(SinkConfigCheck.check(config, DEFINED)).containsExactly(new ConfigProblem(
        "iceberg.control.commit.intervl-ms",
        "the connector does not define this key, so it would be ignored; did you mean 'iceberg.control.commit.interval-ms'?"));
  }

  @Test
  void namesTheMissingCatalogTheUnroutedTableAndTopicAndABadTableProperty() {
    Map<String, String> config = valid();
    config.remove("iceberg.catalog.catalog-impl");
    config.remove("iceberg.table.lakehouse.late_events.route-regex");
    config.put("iceberg.table.lakehouse.orders_enriched.partition-by", "weeks(event_time)");
    config.put("iceberg.table.lakehouse.orders_enriched.id-colums", "event_id");

    assertThat(SinkConfigCheck.check(config, DEFINED)).extracting(ConfigProblem::key).containsExactlyInAnyOrder(
        "iceberg.catalog.catalog-impl",
        "iceberg.table.lakehouse.late_events.route-regex",
        "topics",
        "iceberg.table.lakehouse.orders_enriched.partition-by",
        "iceberg.table.lakehouse.orders_enriched.id-colums");
  }

  @Test
  void newTablesMustBeIcebergV2SaidExplicitly() {
    Map<String, String> v3 = valid();
    v3.put("iceberg.tables.auto-create-props.format-version", "3");
    Map<String, String> unsaid = valid();
    unsaid.remove("iceberg.tables.auto-create-props.format-version");

    assertThat(SinkConfigCheck.check(v3, DEFINED)).containsExactly(new ConfigProblem(
        "iceberg.tables.auto-create-props.format-version",
        "is 3: set it to 2. The tables must be Iceberg v2: Athena (engine v3) cannot read v3 tables, and Iceberg's "
            + "default format may change with its version"));
    assertThat(SinkConfigCheck.check(unsaid, DEFINED)).extracting(ConfigProblem::message)
        .containsExactly("missing: set it to 2. The tables must be Iceberg v2: Athena (engine v3) cannot read v3 tables, "
            + "and Iceberg's default format may change with its version");
  }
}
