package dev.lakehouse.connect.tables;

import static org.apache.iceberg.types.Types.NestedField.optional;
import static org.apache.iceberg.types.Types.NestedField.required;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.connect.config.ConnectorConfigTemplate;
import dev.lakehouse.connect.config.Environment;
import dev.lakehouse.connect.config.TemplateValues;
import dev.lakehouse.testkit.EmbeddedS3;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tables of the bundled local config, created in a JDBC (SQLite) catalog on a real S3 server.
 * Expected schemas are written here from the .avsc contracts (Avro decimal(18,2) -> decimal(18, 2),
 * timestamp-millis -> timestamptz, ["null", X] -> optional) plus the four lineage columns.
 */
class TablePreparerTest {
  private static final Type DECIMAL = Types.DecimalType.of(18, 2);
  private static final Type TIMESTAMPTZ = Types.TimestampType.withZone();
  private static final Type STRING = Types.StringType.get();
  private static final Type INT = Types.IntegerType.get();
  private static final Type LONG = Types.LongType.get();

  @TempDir static Path dir;
  private static EmbeddedS3 s3;
  private static Catalog catalog;
  private static Map<String, String> config;

  @BeforeAll
  static void startS3() throws Exception {
    s3 = EmbeddedS3.start(dir.resolve("s3"), 0);
    Map<String, String> values = new HashMap<>();
    values.put(TemplateValues.S3_ENDPOINT, s3.endpoint());
    values.put(TemplateValues.DATA_DIR, dir.resolve("data").toString());
    config = new HashMap<>(ConnectorConfigTemplate.bundled(Environment.LOCAL)
        .render("test-sink", TemplateValues.of(Environment.LOCAL, values)));
    config.put("iceberg.catalog.s3.access-key-id", s3.accessKey());
    config.put("iceberg.catalog.s3.secret-access-key", s3.secretKey());
    catalog = Catalogs.open(config);
  }

  @AfterAll
  static void stopS3() throws Exception {
    if (catalog instanceof AutoCloseable closeable) {
      closeable.close();
    }
    s3.close();
  }

  @Test
  void createsEveryTableWithItsContractSchemaLineageAndPartitionSpecThenLeavesThemAlone() {
    List<TablePreparer.Outcome> first = new TablePreparer(catalog).prepare(TableDefinitions.fromConfig(config));
    List<TablePreparer.Outcome> second = new TablePreparer(catalog).prepare(TableDefinitions.fromConfig(config));

    assertThat(first).extracting(o -> o.table().identifier().toString() + " " + o.action()).containsExactly(
        "lakehouse.orders_enriched CREATED", "lakehouse.revenue_by_merchant_1m CREATED",
        "lakehouse.payments_by_outcome_1m CREATED", "lakehouse.late_events CREATED",
        "lakehouse.order_payments CREATED", "lakehouse.dead_letters CREATED", "lakehouse.pipeline_ledger CREATED",
        "lakehouse.customers_versions CREATED", "lakehouse.merchants_versions CREATED");
    assertThat(second).extracting(TablePreparer.Outcome::action).containsOnly(TablePreparer.Action.UNCHANGED);

    Table orders = table("orders_enriched");
    assertSameColumns(orders.schema(), List.of(
        required(1, "event_id", STRING), required(2, "order_id", STRING), required(3, "customer_id", STRING),
        required(4, "merchant_id", STRING), required(5, "status", STRING), required(6, "amount", DECIMAL),
        required(7, "currency", STRING), required(8, "event_time", TIMESTAMPTZ),
        optional(9, "customer_name", STRING), optional(10, "customer_country", STRING),
        optional(11, "customer_segment", STRING), optional(12, "merchant_name", STRING),
        optional(13, "merchant_country", STRING), optional(14, "merchant_category", STRING),
        required(15, "source_topic", STRING), required(16, "source_partition", INT), required(17, "source_offset", LONG),
        required(18, "processing_time", TIMESTAMPTZ),
        optional(19, "channel", STRING), optional(20, "discount_amount", DECIMAL),
        required(21, "_kafka_metadata_topic", STRING), required(22, "_kafka_metadata_partition", INT),
        required(23, "_kafka_metadata_offset", LONG), optional(24, "_kafka_metadata_timestamp", TIMESTAMPTZ)));
    assertThat(partitioning(orders)).containsExactly("hour(event_time)");

    assertSameColumns(table("order_payments").schema(), List.of(
        required(1, "order_id", STRING), required(2, "order_event_id", STRING), required(3, "customer_id", STRING),
        required(4, "merchant_id", STRING), required(5, "order_amount", DECIMAL), required(6, "currency", STRING),
        required(7, "order_time", TIMESTAMPTZ), optional(8, "payment_id", STRING),
        optional(9, "payment_amount", DECIMAL), optional(10, "payment_outcome", STRING),
        optional(11, "payment_time", TIMESTAMPTZ), required(12, "status", STRING), required(13, "event_time", TIMESTAMPTZ),
        required(14, "source_topic", STRING), required(15, "source_partition", INT), required(16, "source_offset", LONG),
        required(17, "processing_time", TIMESTAMPTZ),
        required(18, "_kafka_metadata_topic", STRING), required(19, "_kafka_metadata_partition", INT),
        required(20, "_kafka_metadata_offset", LONG), optional(21, "_kafka_metadata_timestamp", TIMESTAMPTZ)));
    assertThat(partitioning(table("order_payments"))).containsExactly("hour(event_time)");

    assertThat(partitioning(table("revenue_by_merchant_1m"))).containsExactly("day(window_start)");
    assertThat(column(table("revenue_by_merchant_1m"), "revenue")).isEqualTo(required(0, "revenue", DECIMAL));
    assertThat(partitioning(table("payments_by_outcome_1m"))).containsExactly("day(window_start)");
    assertThat(partitioning(table("late_events"))).containsExactly("day(window_start)");
    assertThat(column(table("late_events"), "lateness_ms")).isEqualTo(required(0, "lateness_ms", LONG));
    assertThat(partitioning(table("dead_letters"))).containsExactly("day(processing_time)");
    assertThat(column(table("dead_letters"), "record_value"))
        .isEqualTo(optional(0, "record_value", Types.BinaryType.get()));
    assertThat(column(table("dead_letters"), "event_time")).isEqualTo(optional(0, "event_time", TIMESTAMPTZ));
    assertThat(partitioning(table("pipeline_ledger"))).containsExactly("day(emitted_at)");
    assertThat(column(table("pipeline_ledger"), "records_read")).isEqualTo(required(0, "records_read", LONG));
    assertThat(column(table("pipeline_ledger"), "stream_time")).isEqualTo(optional(0, "stream_time", TIMESTAMPTZ));
    assertSameColumns(table("customers_versions").schema(), List.of(
        required(1, "customer_id", STRING), optional(2, "customer_name", STRING), optional(3, "customer_country", STRING),
        optional(4, "customer_segment", STRING), required(5, "is_deleted", Types.BooleanType.get()),
        required(6, "valid_from", TIMESTAMPTZ), required(7, "source_topic", STRING), required(8, "source_partition", INT),
        required(9, "source_offset", LONG), required(10, "processing_time", TIMESTAMPTZ),
        required(11, "_kafka_metadata_topic", STRING), required(12, "_kafka_metadata_partition", INT),
        required(13, "_kafka_metadata_offset", LONG), optional(14, "_kafka_metadata_timestamp", TIMESTAMPTZ)));
    assertThat(partitioning(table("customers_versions"))).containsExactly("day(processing_time)");
    assertThat(column(table("merchants_versions"), "merchant_category"))
        .isEqualTo(optional(0, "merchant_category", STRING));
    assertThat(partitioning(table("merchants_versions"))).containsExactly("day(processing_time)");

    assertThat(orders.properties())
        .containsEntry("commit.retry.num-retries", "10")
        .containsEntry("lakehouse.sink.commit-interval-ms", "5000")
        .containsEntry("lakehouse.sink.commit-timeout-ms", "10000")
        .containsEntry("write.parquet.compression-codec", "zstd")
        .containsEntry("write.target-file-size-bytes", "134217728");
    assertThat(orders.location()).startsWith("s3://lakehouse/warehouse/lakehouse/orders_enriched");
  }

  /** A replay's connector: its own namespace, prefixed topics, the same contracts and partitioning. */
  @Test
  void aReplaysTablesGoToItsNamespaceWithTheContractsOfItsPrefixedTopics() {
    Map<String, String> values = new HashMap<>();
    values.put(TemplateValues.S3_ENDPOINT, s3.endpoint());
    values.put(TemplateValues.DATA_DIR, dir.resolve("data").toString());
    values.put(TemplateValues.NAMESPACE, "lakehouse_r2");
    values.put(TemplateValues.TOPIC_PREFIX, "r2.");
    Map<String, String> replay = ConnectorConfigTemplate.bundled(Environment.LOCAL)
        .render("replay-sink", TemplateValues.of(Environment.LOCAL, values));

    List<TableDefinition> definitions = TableDefinitions.fromConfig(replay);
    List<TablePreparer.Outcome> outcomes = new TablePreparer(catalog).prepare(definitions);

    assertThat(definitions).extracting(d -> d.identifier() + " <- " + d.topic()).containsExactly(
        "lakehouse_r2.orders_enriched <- r2.orders-enriched", "lakehouse_r2.revenue_by_merchant_1m <- r2.revenue-by-merchant-1m",
        "lakehouse_r2.payments_by_outcome_1m <- r2.payments-by-outcome-1m", "lakehouse_r2.late_events <- r2.late-events",
        "lakehouse_r2.order_payments <- r2.order-payments", "lakehouse_r2.dead_letters <- r2.dead-letters",
        "lakehouse_r2.pipeline_ledger <- r2.pipeline-ledger", "lakehouse_r2.customers_versions <- r2.customers-versions",
        "lakehouse_r2.merchants_versions <- r2.merchants-versions");
    assertThat(outcomes).extracting(TablePreparer.Outcome::action).containsOnly(TablePreparer.Action.CREATED);
    Table orders = catalog.loadTable(TableIdentifier.of("lakehouse_r2", "orders_enriched"));
    assertThat(orders.schema().asStruct()).isEqualTo(definitions.get(0).schema().asStruct());
    assertThat(column(orders, "customer_segment")).isEqualTo(optional(0, "customer_segment", STRING));
    assertThat(partitioning(orders)).containsExactly("hour(event_time)");
    assertThat(orders.location()).startsWith("s3://lakehouse/warehouse/lakehouse_r2/orders_enriched");
  }

  @Test
  void anExistingTableOnlyGainsTheColumnsItLacks() {
    TableIdentifier id = TableIdentifier.of("lakehouse", "evolving");
    Schema old = new Schema(required(1, "event_id", STRING), required(2, "event_time", TIMESTAMPTZ));
    catalog.createTable(id, old);
    Schema wanted = new Schema(required(1, "event_id", STRING), required(2, "event_time", TIMESTAMPTZ),
        optional(3, "note", STRING), required(4, "amount", DECIMAL));

    List<TablePreparer.Outcome> outcomes = new TablePreparer(catalog)
        .prepare(List.of(new TableDefinition(id, "evolving", wanted, "hours(event_time)", Map.of())));

    assertThat(outcomes).singleElement().satisfies(o -> {
      assertThat(o.action()).isEqualTo(TablePreparer.Action.EVOLVED);
      assertThat(o.addedColumns()).containsExactly("note", "amount");
    });
    Table evolved = catalog.loadTable(id);
    assertThat(evolved.schema().findField("amount").type()).isEqualTo(DECIMAL);
    // Iceberg adds columns as optional: existing rows have no value for them
    assertThat(evolved.schema().findField("amount").isOptional()).isTrue();
    assertThat(evolved.spec().isUnpartitioned()).isTrue();
  }

  @Test
  void anExistingTableTakesTheDeclaredCommitRetriesButKeepsItsFormatVersion() {
    TableIdentifier id = TableIdentifier.of("lakehouse", "created_before_the_retry_setting");
    Schema schema = new Schema(required(1, "event_id", STRING));
    catalog.buildTable(id, schema).withProperties(Map.of("format-version", "1", "commit.retry.num-retries", "4")).create();
    Map<String, String> declared = TableDefinitions.fromConfig(config).get(0).properties();

    List<TablePreparer.Outcome> outcomes = new TablePreparer(catalog)
        .prepare(List.of(new TableDefinition(id, "t", schema, null, declared)));
    List<TablePreparer.Outcome> again = new TablePreparer(catalog)
        .prepare(List.of(new TableDefinition(id, "t", schema, null, declared)));

    assertThat(declared).containsEntry("commit.retry.num-retries", "10").containsEntry("format-version", "2");
    assertThat(outcomes).singleElement().satisfies(o -> {
      assertThat(o.action()).isEqualTo(TablePreparer.Action.EVOLVED);
      assertThat(o.addedColumns()).isEmpty();
      assertThat(o.setProperties()).containsEntry("commit.retry.num-retries", "10").doesNotContainKey("format-version");
    });
    assertThat(again).extracting(TablePreparer.Outcome::action).containsExactly(TablePreparer.Action.UNCHANGED);
    Table updated = catalog.loadTable(id);
    assertThat(updated.properties()).containsEntry("commit.retry.num-retries", "10");
    assertThat(((org.apache.iceberg.HasTableOperations) updated).operations().current().formatVersion()).isEqualTo(1);
  }

  private static Table table(String name) {
    return catalog.loadTable(TableIdentifier.of("lakehouse", name));
  }

  private static Types.NestedField column(Table table, String name) {
    Types.NestedField field = table.schema().findField(name);
    return field.isOptional() ? optional(0, field.name(), field.type()) : required(0, field.name(), field.type());
  }

  private static List<String> partitioning(Table table) {
    Schema schema = table.schema();
    return table.spec().fields().stream()
        .map((PartitionField f) -> f.transform() + "(" + schema.findColumnName(f.sourceId()) + ")")
        .toList();
  }

  /** Same names, types, order and nullability; ids and docs are not compared. */
  private static void assertSameColumns(Schema actual, List<Types.NestedField> expected) {
    Function<Types.NestedField, String> describe = f -> f.name() + " " + f.type() + (f.isOptional() ? " optional" : " required");
    assertThat(actual.columns().stream().map(describe).collect(Collectors.toList()))
        .containsExactlyElementsOf(expected.stream().map(describe).toList());
  }
}
