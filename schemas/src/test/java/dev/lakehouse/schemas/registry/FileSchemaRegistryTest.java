package dev.lakehouse.schemas.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.schemas.Topics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSchemaRegistryTest {
  @TempDir Path dir;

  @Test
  void bundledCatalogGivesEveryTopicItsFixedId() {
    FileSchemaRegistry registry = FileSchemaRegistry.bundled();
    // the ids of the current contracts (version 2 of the subjects whose contracts mark personal data)
    Map<String, Integer> expected = Map.ofEntries(Map.entry("orders", 16), Map.entry("payments", 2),
        Map.entry("customers", 12), Map.entry("merchants", 4), Map.entry("orders-enriched", 17),
        Map.entry("revenue-by-merchant-1m", 6), Map.entry("payments-by-outcome-1m", 7), Map.entry("late-events", 8),
        Map.entry("order-payments", 14), Map.entry("dead-letters", 15), Map.entry("pipeline-ledger", 19),
        Map.entry("customers-versions", 20), Map.entry("merchants-versions", 21));
    // the version 1 ids that stored data already carries: they must keep resolving
    Map<String, Integer> firstIds = Map.of("orders", 1, "customers", 3, "orders-enriched", 5, "order-payments", 9,
        "dead-letters", 10);

    expected.forEach((topic, id) -> {
      assertThat(registry.register(Topics.valueSubject(topic), Topics.valueSchema(topic))).isEqualTo(id);
      assertThat(registry.schemaById(id)).isEqualTo(Topics.valueSchema(topic));
    });
    firstIds.forEach((topic, id) -> assertThat(registry.schemaById(id).getFullName())
        .isEqualTo(Topics.valueSchema(topic).getFullName()));
  }

  @Test
  void fileUrlSelectsTheBundledCatalog() {
    SchemaRegistry registry = SchemaRegistries.fromConfig(Map.of(SchemaRegistries.URL_CONFIG, "file:"));

    assertThat(registry.register("orders-value", Topics.valueSchema(Topics.ORDERS))).isEqualTo(16);
    assertThat(SchemaRegistries.fromConfig(Map.of())).isInstanceOf(FileSchemaRegistry.class);
  }

  @Test
  void unknownSchemaOrIdIsRefused() {
    FileSchemaRegistry registry = FileSchemaRegistry.bundled();
    Schema scaleFour = SchemaBuilder.record("Order").namespace("dev.lakehouse.avro").fields()
        .name("amount").type(LogicalTypes.decimal(18, 4).addToSchema(Schema.create(Schema.Type.BYTES))).noDefault()
        .endRecord();

    assertThatThrownBy(() -> registry.register("orders-value", scaleFour))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Cannot register a new schema for subject 'orders-value': the file-backed registry");
    assertThatThrownBy(() -> registry.schemaById(999))
        .isInstanceOf(UnknownSchemaException.class)
        .hasMessageStartingWith("Cannot find schema id 999 in ");
  }

  @Test
  void differentLogicalTypeIsADifferentSchema() throws IOException {
    Schema scaleTwo = amount(2);
    Schema scaleFour = amount(4);
    FileSchemaRegistry registry = new FileSchemaRegistry(catalog(scaleTwo).toUri().toURL());

    assertThat(registry.register("t-value", scaleTwo)).isEqualTo(1);
    assertThatThrownBy(() -> registry.register("t-value", scaleFour)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void catalogOnDiskIsReadFromAFileUrl() throws IOException {
    Path catalog = catalog(amount(2));

    SchemaRegistry registry = SchemaRegistries.fromConfig(Map.of(SchemaRegistries.URL_CONFIG, "file:" + catalog));

    assertThat(registry.schemaById(1)).isEqualTo(amount(2));
    assertThatThrownBy(() -> SchemaRegistries.fromConfig(Map.of(SchemaRegistries.URL_CONFIG, "file:" + dir.resolve("none.json"))))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("Cannot open the schema catalog: no file at " + dir.resolve("none.json"));
    assertThatThrownBy(() -> SchemaRegistries.fromConfig(Map.of(SchemaRegistries.URL_CONFIG, "ftp://host")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("expected file:, file:/path/catalog.json or http(s)://host:port");
  }

  @Test
  void sameIdForTwoSchemasIsRefused() throws IOException {
    Files.writeString(dir.resolve("a.avsc"), amount(2).toString());
    Files.writeString(dir.resolve("b.avsc"), amount(4).toString());
    Path catalog = dir.resolve("catalog.json");
    Files.writeString(catalog, "{\"subjects\": {\"a-value\": [{\"version\": 1, \"id\": 1, \"schema\": \"a.avsc\"}],"
        + " \"b-value\": [{\"version\": 1, \"id\": 1, \"schema\": \"b.avsc\"}]}}");

    assertThatThrownBy(() -> new FileSchemaRegistry(catalog.toUri().toURL()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageEndingWith(": id 1 is given to two different schemas, a.avsc and b.avsc");
  }

  private Path catalog(Schema schema) throws IOException {
    Files.writeString(dir.resolve("t.avsc"), schema.toString());
    Path catalog = dir.resolve("catalog.json");
    Files.writeString(catalog,
        "{\"subjects\": {\"t-value\": {\"versions\": [{\"version\": 1, \"id\": 1, \"schema\": \"t.avsc\"}]}}}");
    return catalog;
  }

  private static Schema amount(int scale) {
    return SchemaBuilder.record("T").fields()
        .name("amount").type(LogicalTypes.decimal(18, scale).addToSchema(Schema.create(Schema.Type.BYTES))).noDefault()
        .endRecord();
  }
}
