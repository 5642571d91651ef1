package dev.lakehouse.connect.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.schemas.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConnectorConfigTemplateTest {
  @Test
  void rendersTheLocalConfigWithItsDefaultsAndTheGivenValues() {
    Map<String, String> config = ConnectorConfigTemplate.bundled(Environment.LOCAL)
        .render("sink", TemplateValues.of(Environment.LOCAL, Map.of(TemplateValues.DATA_DIR, "/data")));

    assertThat(config)
        .containsEntry("name", "sink")
        .containsEntry("iceberg.kafka.bootstrap.servers", "127.0.0.1:19092")
        .containsEntry("iceberg.catalog.uri", "jdbc:sqlite:/data/catalog/iceberg.db")
        .containsEntry("iceberg.catalog.s3.endpoint", "http://127.0.0.1:19000")
        .containsEntry("iceberg.control.commit.interval-ms", "5000")
        .containsEntry("iceberg.control.topic", "sink-control")
        .containsEntry("errors.deadletterqueue.topic.name", "sink-dlq")
        .containsEntry("iceberg.catalog.s3.secret-access-key",
            "${file:/data/config/s3-credentials.properties:secret-access-key}");
    assertThat(config.values()).noneMatch(v -> v.contains("{{"));
  }

  @Test
  void theAwsConfigUsesGlueAndAMinuteCommitIntervalAndHasNoLocalKeys() {
    Map<String, String> config = ConnectorConfigTemplate.bundled(Environment.AWS).render("sink", TemplateValues.of(
        Environment.AWS, Map.of(TemplateValues.BOOTSTRAP_SERVERS, "b-1.msk:9098", TemplateValues.REGION, "eu-west-1",
            TemplateValues.WAREHOUSE, "s3://corp-lake/warehouse")));

    assertThat(config)
        .containsEntry("iceberg.catalog.catalog-impl", "org.apache.iceberg.aws.glue.GlueCatalog")
        .containsEntry("iceberg.catalog.client.region", "eu-west-1")
        .containsEntry("iceberg.catalog.warehouse", "s3://corp-lake/warehouse")
        .containsEntry("iceberg.control.commit.interval-ms", "60000")
        .doesNotContainKeys("iceberg.catalog.s3.endpoint", "iceberg.catalog.s3.access-key-id", "iceberg.catalog.uri");
  }

  @Test
  void aMissingValueIsNamedWithTheOptionThatSuppliesIt() {
    assertThatThrownBy(() -> ConnectorConfigTemplate.bundled(Environment.AWS)
        .render("sink", TemplateValues.of(Environment.AWS, Map.of(TemplateValues.REGION, "eu-west-1"))))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot render the connector config connectors/base.json + connectors/aws.json: no value for "
            + "{{bootstrap.servers}}, {{warehouse}}; give --bootstrap-servers (or LAKEHOUSE_BOOTSTRAP_SERVERS), "
            + "--warehouse (or LAKEHOUSE_WAREHOUSE)");
  }

  @Test
  void everyOutputTopicIsRoutedToItsTableAndPartitioned() {
    Map<String, String> config = ConnectorConfigTemplate.bundled(Environment.LOCAL)
        .render("sink", TemplateValues.of(Environment.LOCAL, Map.of(TemplateValues.DATA_DIR, "/data")));

    assertThat(config.get("topics").split(",")).containsExactlyInAnyOrderElementsOf(Topics.OUTPUTS);
    for (String topic : Topics.OUTPUTS) {
      String table = "lakehouse." + Topics.tableName(topic);
      assertThat(config.get("iceberg.tables")).contains(table);
      assertThat(config).containsEntry("iceberg.table." + table + ".route-regex", topic)
          .containsKey("iceberg.table." + table + ".partition-by");
    }
    assertThat(SinkConfigCheck.check(config, java.util.Set.of())).isEmpty();
  }

  @Test
  void aReplayReadsItsPrefixedTopicsIntoItsOwnNamespace() {
    Map<String, String> config = ConnectorConfigTemplate.bundled(Environment.AWS).render("replay", TemplateValues.of(
        Environment.AWS, Map.of(TemplateValues.BOOTSTRAP_SERVERS, "b-1.msk:9098", TemplateValues.REGION, "eu-west-1",
            TemplateValues.WAREHOUSE, "s3://corp-lake/warehouse", TemplateValues.NAMESPACE, "lakehouse_r2",
            TemplateValues.TOPIC_PREFIX, "r2.")));

    assertThat(config.get("topics").split(","))
        .containsExactlyInAnyOrderElementsOf(Topics.OUTPUTS.stream().map(t -> "r2." + t).toList());
    for (String topic : Topics.OUTPUTS) {
      String table = "lakehouse_r2." + Topics.tableName(topic);
      assertThat(config.get("iceberg.tables").split(",")).contains(table);
      assertThat(config).containsEntry("iceberg.table." + table + ".route-regex", "r2." + topic);
    }
    assertThat(config.keySet()).noneMatch(key -> key.contains("{{") || key.startsWith("iceberg.table.lakehouse."));
    assertThat(config).containsEntry("iceberg.control.topic", "replay-control");
    assertThat(SinkConfigCheck.check(config, java.util.Set.of())).isEmpty();
  }

  @Test
  void aNamespaceOrTopicPrefixOfTheWrongFormIsRefusedNamingIt() {
    assertThatThrownBy(() -> TemplateValues.of(Environment.LOCAL, Map.of(TemplateValues.NAMESPACE, "Lakehouse-R2")))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("Cannot use namespace 'Lakehouse-R2': expected lowercase letters")
        .hasMessageEndingWith("set --namespace (or LAKEHOUSE_NAMESPACE)");
    assertThatThrownBy(() -> TemplateValues.of(Environment.LOCAL, Map.of(TemplateValues.TOPIC_PREFIX, "r2")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("Cannot use topic.prefix 'r2': expected empty, or topic-name characters ending with a dot")
        .hasMessageEndingWith("set --topic-prefix (or LAKEHOUSE_TOPIC_PREFIX)");
    assertThatThrownBy(() -> TemplateValues.of(Environment.LOCAL, Map.of(TemplateValues.TOPIC_PREFIX, "r/2.")))
        .isInstanceOf(ConfigException.class);
    assertThat(TemplateValues.of(Environment.LOCAL, Map.of()).get(TemplateValues.NAMESPACE)).isEqualTo("lakehouse");
    assertThat(TemplateValues.of(Environment.LOCAL, Map.of()).get(TemplateValues.TOPIC_PREFIX)).isEmpty();
  }

  @Test
  void aUserFileKeepsItsKeysAndIsRenderedToo(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("c.json");
    Files.writeString(file, "{\"connector.class\": \"X\", \"iceberg.kafka.bootstrap.servers\": \"{{bootstrap.servers}}\"}");

    Map<String, String> config = ConnectorConfigTemplate.file(file).render("n", TemplateValues.of(Environment.LOCAL, Map.of()));

    assertThat(config).containsExactly(Map.entry("name", "n"), Map.entry("connector.class", "X"),
        Map.entry("iceberg.kafka.bootstrap.servers", "127.0.0.1:19092"));
  }
}
