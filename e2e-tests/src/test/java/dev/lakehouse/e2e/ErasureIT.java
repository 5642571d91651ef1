package dev.lakehouse.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.dbt.DbtBuild;
import dev.lakehouse.e2e.harness.EnrichedOrders;
import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.Landing;
import dev.lakehouse.e2e.harness.MaintenanceJobRun;
import dev.lakehouse.e2e.harness.OutputRecords;
import dev.lakehouse.e2e.harness.ParquetRows;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.harness.ProjectVenv;
import dev.lakehouse.e2e.harness.SinkCoordinator;
import dev.lakehouse.e2e.oracle.ExpectedTable;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.TableDiff;
import dev.lakehouse.local.stack.components.ConnectWorkerComponent;
import dev.lakehouse.local.stack.config.MaintenanceConfigFile;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.serde.AvroSerializer;
import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Erasure on the real stack with the sink running: a customer's orders, dead letters and reference
 * versions land through the real Connect worker and Iceberg sink, and dbt builds {@code
 * dim_customers} from the versions on Trino, then merges an update into it (the customer's old row
 * version stays in its file, deleted by position); the maintenance job's packaged CLI erases the
 * customer from the landed tables and the dbt schema while the sink lands more rows. Then no table
 * row holds the customer, every other row is as it was, and no Parquet file left under the
 * warehouse (read directly, referenced or not) holds a row of theirs. Finally the worker is killed,
 * its coordinator rewound to the start of the control topic, and restarted: it must find its
 * offsets in the erasure's snapshot and land every later row exactly once, committing nothing again.
 */
class ErasureIT {
  /** Not an id the row generator gives (era-cus-N), so rows produced after the erasure never hold it. */
  private static final String ERASED = "era-gdpr-7";
  private static final String ERASED_NAME = "Erased Person";
  /** Starts like the erased id: its rows must stay, and the Parquet scan must find them (it can see ids). */
  private static final String LOOKALIKE = "era-gdpr-70";
  private static final Duration LANDING_TIMEOUT = Duration.ofMinutes(3);
  private static final Duration DBT_TIMEOUT = Duration.ofMinutes(10);
  /** Where dbt builds dim_customers (and its staging view and current view) for the erasure. */
  private static final String MODELS_SCHEMA = "erasure_models";
  private static final String VERSIONS = Topics.tableName(Topics.CUSTOMERS_VERSIONS);
  private static final String DIMENSION = "dim_customers";

  private final Instant firstHour = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(1, ChronoUnit.HOURS);
  private final Map<String, Map<String, Object>> orders = new LinkedHashMap<>();
  private final Map<String, Map<String, Object>> deadLetters = new LinkedHashMap<>();
  private int versionOffset;

  @Test
  void eraseBesideTheLiveSinkLeavesNoRowOfTheCustomerAnywhereAndTheSinkLandsExactlyOnce() throws Exception {
    ProjectVenv.requireDbt();
    try (PipelineStack stack = PipelineStack.startSinkOnlyForTrino("erasure");
        IcebergTables tables = new IcebergTables(stack.catalogProperties());
        IcebergTables models = new IcebergTables(stack.catalogProperties(), MODELS_SCHEMA)) {
      CompletableFuture<Void> trino = stack.startTrino();
      produceOrders(stack, 0, 600, true);
      produceDeadLetters(stack);
      produceVersions(stack, "", firstHour);
      awaitRows(tables, OutputTable.ORDERS_ENRICHED, 600);
      produceOrders(stack, 600, 600, true);
      awaitRows(tables, OutputTable.ORDERS_ENRICHED, 1200);
      awaitRows(tables, OutputTable.DEAD_LETTERS, 4);
      awaitRows(tables, VERSIONS, versionOffset);
      trino.get(stack.startupTimeout().toSeconds(), TimeUnit.SECONDS);
      DbtBuild dbt = new DbtBuild(stack.trinoPort(), MODELS_SCHEMA, stack.config().dataDir().resolve("dbt-erasure"));
      buildDimension(dbt, "the full build");
      // merged into dim_customers: the customer's first row gets a valid_to, its old version deleted by position
      produceVersions(stack, " (moved)", firstHour.plus(Duration.ofMinutes(30)));
      awaitRows(tables, VERSIONS, versionOffset);
      buildDimension(dbt, "the incremental build");
      Map<String, Map<String, Object>> ordersBefore = byKey(OutputTable.ORDERS_ENRICHED, tables);
      Map<String, Map<String, Object>> lettersBefore = byKey(OutputTable.DEAD_LETTERS, tables);
      Map<String, Map<String, Object>> versionsBefore = byKey(tables.rows(VERSIONS), ErasureIT::lineage);
      Map<String, Map<String, Object>> dimensionBefore = byKey(models.rows(DIMENSION), ErasureIT::version);
      assertThat(ordersBefore.values().stream().filter(ErasureIT::isCustomers)).as("the customer's orders before").hasSize(24);
      assertThat(dimensionBefore.values().stream().filter(ErasureIT::isCustomers)).as("the customer's history before")
          .hasSize(2);
      assertThat(parquetRowsHolding(stack, ERASED)).as("Parquet rows holding the customer before").isNotEmpty();

      // lands while the erasure runs
      produceOrders(stack, 1200, 400, false);
      Path ids = Files.writeString(stack.config().dataDir().resolve("erase-ids.txt"), ERASED + "\n");
      String dryRun = launcherDryRun(stack, ids);
      assertThat(dryRun).as("./lakehouse maintenance erase with the stack's config by default")
          .doesNotContain("Missing required option").contains("nothing changed (dry run)");
      MaintenanceJobRun.Result erase = MaintenanceJobRun.erase(stack, "--customer-ids-file", ids.toString(), "--tables",
          "lakehouse.*," + MODELS_SCHEMA + ".*");
      System.out.println(erase.log());
      assertThat(erase.exitCode()).as("exit code of erase").isZero();
      assertThat(erase.log()).contains("complete: no table row").doesNotContain(ERASED).doesNotContain(ERASED_NAME);

      assertThat(parquetRowsHolding(stack, ERASED)).as("Parquet rows holding the customer's id").isEmpty();
      assertThat(parquetRowsHolding(stack, ERASED_NAME)).as("Parquet rows holding the customer's name").isEmpty();
      assertThat(parquetRowsHolding(stack, LOOKALIKE)).as("Parquet rows of the look-alike customer").isNotEmpty();
      assertThat(byKey(OutputTable.ORDERS_ENRICHED, tables).values().stream().filter(ErasureIT::isCustomers))
          .as("the customer's orders after").isEmpty();
      assertUnchanged(OutputTable.ORDERS_ENRICHED.tableName(), ordersBefore, byKey(OutputTable.ORDERS_ENRICHED, tables));
      assertUnchanged(OutputTable.DEAD_LETTERS.tableName(), lettersBefore, byKey(OutputTable.DEAD_LETTERS, tables));
      assertUnchanged(VERSIONS, versionsBefore, byKey(tables.rows(VERSIONS), ErasureIT::lineage));
      assertUnchanged(DIMENSION, dimensionBefore, byKey(models.rows(DIMENSION), ErasureIT::version));

      stack.kill(ConnectWorkerComponent.NAME);
      SinkCoordinator.rewindToStart(stack.bootstrapServers());
      produceOrders(stack, 1600, 300, false); // waits in the topic while the worker is down
      stack.restart(ConnectWorkerComponent.NAME);
      produceOrders(stack, 1900, 300, false);

      orders.values().removeIf(ErasureIT::isCustomers);
      deadLetters.values().removeIf(ErasureIT::isCustomers);
      ExpectedTable expectedOrders = new ExpectedTable(OutputTable.ORDERS_ENRICHED, orders, Map.of());
      ExpectedTable expectedLetters = new ExpectedTable(OutputTable.DEAD_LETTERS, deadLetters, Map.of());
      Landing.awaitComplete(tables, Map.of(OutputTable.ORDERS_ENRICHED, expectedOrders,
          OutputTable.DEAD_LETTERS, expectedLetters), LANDING_TIMEOUT);
      for (ExpectedTable expected : List.of(expectedOrders, expectedLetters)) {
        TableDiff diff = TableDiff.of(expected, tables.rows(expected.table()));
        System.out.println("after the erasure and a worker kill: " + diff.report());
        assertThat(diff.duplicated()).as("duplicated rows of " + expected.table()).isEmpty();
        assertThat(diff.matches()).as(diff.report()).isTrue();
      }
    }
  }

  /**
   * Versions of the customer, the look-alike and one more as the Streams app writes them to
   * customers-versions (the stack has no Streams app): their names with {@code suffix}, valid from {@code validFrom}.
   */
  private void produceVersions(PipelineStack stack, String suffix, Instant validFrom) {
    List<GenericRecord> rows = new ArrayList<>();
    for (String id : List.of(ERASED, LOOKALIKE, "era-cus-1")) {
      GenericRecord row = new GenericData.Record(Topics.valueSchema(Topics.CUSTOMERS_VERSIONS));
      row.put("customer_id", id);
      row.put("customer_name", (id.equals(ERASED) ? ERASED_NAME : "Name of " + id) + suffix);
      row.put("customer_country", "DE");
      row.put("customer_segment", "retail");
      row.put("is_deleted", false);
      row.put("valid_from", validFrom);
      row.put("source_topic", Topics.CUSTOMERS);
      row.put("source_partition", 0);
      row.put("source_offset", (long) versionOffset++);
      row.put("processing_time", Instant.now());
      rows.add(row);
    }
    EnrichedOrders.produce(stack.bootstrapServers(), Topics.CUSTOMERS_VERSIONS, rows, "customer_id");
  }

  /** {@code dbt build} of dim_customers (with its staging view, current view and data tests). */
  private static void buildDimension(DbtBuild dbt, String which) throws Exception {
    DbtBuild.Result build = dbt.run(DBT_TIMEOUT, "--select", "+dim_customers_current");
    assertThat(build.exitCode()).as("%s of %s:\n%s", which, DIMENSION, build.output()).isZero();
  }

  /** {@code ./lakehouse maintenance erase --dry-run} without {@code --config}: the launcher gives it the stack's. */
  private static String launcherDryRun(PipelineStack stack, Path ids) throws Exception {
    MaintenanceConfigFile.write(stack.config());
    ProcessBuilder launcher = new ProcessBuilder(RepoDir.get().resolve("lakehouse").toString(), "maintenance", "erase",
        "--customer-ids-file", ids.toString(), "--tables", "lakehouse.*", "--dry-run").redirectErrorStream(true);
    launcher.environment().put("LAKEHOUSE_DATA_DIR", stack.config().dataDir().toString());
    Process process = launcher.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("the dry run finished").isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    return output;
  }

  /** Orders {@code first..first+count}; with {@code withCustomer}, every 50th is the erased customer's, the next the look-alike's. */
  private void produceOrders(PipelineStack stack, int first, int count, boolean withCustomer) {
    List<GenericRecord> rows = new ArrayList<>();
    for (int i = first; i < first + count; i++) {
      GenericRecord row = EnrichedOrders.row("era", i, firstHour.plusMillis(i * 5_399L % Duration.ofHours(2).toMillis()));
      if (withCustomer && i % 50 == 7) {
        row.put("customer_id", ERASED);
        row.put("customer_name", ERASED_NAME);
      } else if (withCustomer && i % 50 == 8) {
        row.put("customer_id", LOOKALIKE);
      }
      rows.add(row);
      orders.put(String.valueOf(row.get("event_id")), OutputRecords.normalized(row));
    }
    EnrichedOrders.produce(stack.bootstrapServers(), rows);
  }

  /**
   * Dead letters as the Streams app writes them: a refused customers record keyed by the customer
   * id, a refused order of the customer (its raw bytes name them), and the same two for the look-alike.
   */
  private void produceDeadLetters(PipelineStack stack) {
    List<GenericRecord> rows = List.of(
        deadLetter(1, Topics.CUSTOMERS, ERASED, null),
        deadLetter(2, Topics.ORDERS, "era-ord-x1", orderBytes(ERASED)),
        deadLetter(3, Topics.CUSTOMERS, LOOKALIKE, null),
        deadLetter(4, Topics.ORDERS, "era-ord-x2", orderBytes(LOOKALIKE)));
    rows.forEach(row -> deadLetters.put(OutputTable.DEAD_LETTERS.key(OutputRecords.normalized(row)), OutputRecords.normalized(row)));
    EnrichedOrders.produce(stack.bootstrapServers(), Topics.DEAD_LETTERS, rows, "record_key");
  }

  private static GenericRecord deadLetter(long offset, String topic, String key, byte[] value) {
    GenericRecord row = new GenericData.Record(Topics.valueSchema(Topics.DEAD_LETTERS));
    row.put("reason", "refused for the erasure test");
    row.put("error_class", "INVALID_VALUE");
    row.put("source_topic", topic);
    row.put("source_partition", 0);
    row.put("source_offset", offset);
    row.put("record_key", key);
    row.put("record_value", value == null ? null : ByteBuffer.wrap(value));
    row.put("event_time", null);
    row.put("processing_time", Instant.now());
    return row;
  }

  /** An order of the customer in the Confluent wire format, as it sat in the orders topic. */
  private byte[] orderBytes(String customerId) {
    GenericRecord order = new GenericData.Record(Topics.valueSchema(Topics.ORDERS));
    order.put("event_id", "era-bad-" + customerId);
    order.put("order_id", "era-ord-" + customerId);
    order.put("customer_id", customerId);
    order.put("merchant_id", "era-mer-1");
    order.put("status", "PLACED");
    order.put("amount", new BigDecimal("-1.00"));
    order.put("currency", "EUR");
    order.put("event_time", firstHour);
    try (AvroSerializer serializer = new AvroSerializer()) {
      serializer.configure(Map.of(SchemaRegistries.URL_CONFIG, "file:"), false);
      return serializer.serialize(Topics.ORDERS, order);
    }
  }

  private static Map<String, Map<String, Object>> byKey(OutputTable table, IcebergTables tables) {
    return byKey(tables.rows(table), table::key);
  }

  private static Map<String, Map<String, Object>> byKey(List<Map<String, Object>> rows,
      Function<Map<String, Object>, String> key) {
    Map<String, Map<String, Object>> keyed = new LinkedHashMap<>();
    rows.forEach(row -> keyed.put(key.apply(row), row));
    return keyed;
  }

  private static String lineage(Map<String, Object> row) {
    return row.get("source_topic") + "|" + row.get("source_partition") + "|" + row.get("source_offset");
  }

  private static String version(Map<String, Object> row) {
    return row.get("customer_id") + "|" + row.get("valid_from");
  }

  /** Every row that was there and is not the customer's is still there, with every column as it was. */
  private static void assertUnchanged(String table, Map<String, Map<String, Object>> before,
      Map<String, Map<String, Object>> after) {
    long erased = 0;
    for (Map.Entry<String, Map<String, Object>> row : before.entrySet()) {
      if (isCustomers(row.getValue())) {
        erased++;
        assertThat(after).as("an erased row of " + table).doesNotContainKey(row.getKey());
      } else {
        assertThat(after.get(row.getKey())).as("row " + row.getKey() + " of " + table).isEqualTo(row.getValue());
      }
    }
    assertThat(erased).as("erased rows of " + table).isPositive();
  }

  /** The customer's order, a dead letter keyed by their id, or the dead letter holding their order's bytes. */
  private static boolean isCustomers(Map<String, Object> row) {
    return ERASED.equals(row.get("customer_id")) || ERASED.equals(row.get("record_key"))
        || (row.get("record_value") != null && Long.valueOf(2).equals(row.get("source_offset")));
  }

  /** Rows of every Parquet file under the warehouse holding the text as a whole token ({@link ParquetRows}). */
  private static List<String> parquetRowsHolding(PipelineStack stack, String text) throws IOException {
    return ParquetRows.holding(stack.config().layout().s3Dir(), text);
  }

  private static void awaitRows(IcebergTables tables, OutputTable table, long rows) {
    awaitRows(tables, table.tableName(), rows);
  }

  private static void awaitRows(IcebergTables tables, String table, long rows) {
    Awaitility.await().atMost(LANDING_TIMEOUT).pollInterval(Duration.ofMillis(500)).ignoreExceptions()
        .until(() -> tables.rowCount(table) >= rows);
  }
}
