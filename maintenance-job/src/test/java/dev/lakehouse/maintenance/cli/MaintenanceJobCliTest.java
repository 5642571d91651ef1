package dev.lakehouse.maintenance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.lakehouse.conventions.DurationFormat;
import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.maintenance.erasure.CustomerIds;
import dev.lakehouse.maintenance.support.PersonalTables;
import dev.lakehouse.maintenance.support.TableContent;
import dev.lakehouse.maintenance.support.TestConfig;
import dev.lakehouse.maintenance.support.JobCli;
import dev.lakehouse.maintenance.support.JobCli.Result;
import dev.lakehouse.maintenance.support.TestWarehouse;
import dev.lakehouse.testkit.FreePorts;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class MaintenanceJobCliTest {
  /** A customer {@code erase} removes: its id must appear in no output. */
  static final String ERASED = "cus-secret-42";
  static final List<String> CUSTOMERS = List.of("cus-1", "cus-2", ERASED);
  @RegisterExtension static final TestWarehouse warehouse = TestWarehouse.perTestClass();

  static Result run(String... args) {
    return JobCli.run(args);
  }

  static List<List<Record>> seed(Table table, int partitions, int filesPerPartition) throws Exception {
    return seed(table, partitions, filesPerPartition, 2);
  }

  static List<List<Record>> seed(Table table, int partitions, int filesPerPartition, int hoursAgo) throws Exception {
    Instant hour = Instant.now().truncatedTo(ChronoUnit.HOURS);
    List<List<Record>> written = new ArrayList<>();
    long id = hoursAgo * 100_000L;
    for (int p = 0; p < partitions; p++) {
      List<DataFile> files = new ArrayList<>();
      for (int f = 0; f < filesPerPartition; f++) {
        List<Record> rows = TestWarehouse.rows(id, 20, hour.minus(p + hoursAgo, ChronoUnit.HOURS));
        id += 20;
        written.add(rows);
        files.add(TestWarehouse.writeFile(table, rows));
      }
      TestWarehouse.append(table, files, Map.of());
    }
    return written;
  }

  @Test
  void dryRunPrintsThePlanAndChangesNothing() throws Exception {
    Table table = warehouse.createEventsTable("dry_run");
    seed(table, 2, 5);
    long before = table.currentSnapshot().snapshotId();
    Path config = TestConfig.write(warehouse.dir().resolve("dry.yaml"), warehouse, "tables: [lakehouse.dry_run]\nreport: {stdout: text}\n");

    Result result = run("run", "--config", config.toString(), "--dry-run");

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out()).contains("(dry run)").contains("plan from snapshot " + before + ": 2 groups, 10 files");
    table.refresh();
    assertThat(table.currentSnapshot().snapshotId()).isEqualTo(before);
  }

  @Test
  void anUnwritableReportLocationNeverFailsTheRunAndTheReportIsOnStdout() throws Exception {
    Table table = warehouse.createEventsTable("report_unwritable");
    List<List<Record>> written = seed(table, 2, 5);
    Path notADirectory = Files.writeString(warehouse.dir().resolve("not-a-directory"), "a file where the report folder should be");
    Path json = notADirectory.resolve("last-run.json");
    Path prom = notADirectory.resolve("maintenance.prom");
    int closedPort = FreePorts.pick();
    Path config = TestConfig.write(warehouse.dir().resolve("unwritable.yaml"), warehouse, "tables: [lakehouse.report_unwritable]\n"
        + "report:\n  json-file: " + json + "\n  prometheus-file: " + prom
        + "\n  pushgateway-url: http://127.0.0.1:" + closedPort + "\n" + TestConfig.COMPACTION_ONLY);

    Result result = run("run", "--config", config.toString(), "--once");

    assertThat(result.exitCode()).as(result.err()).isEqualTo(ExitCode.OK.code());
    assertThat(result.out().strip()).as("one JSON line per run").doesNotContain("\n");
    JsonNode report = new ObjectMapper().readTree(result.out());
    JsonNode t = report.get("tables").get(0);
    assertThat(t.get("table").asText()).isEqualTo("lakehouse.report_unwritable");
    assertThat(t.get("status").asText()).isEqualTo("OK");
    assertThat(t.get("compaction").get("groupsCommitted").asInt()).isEqualTo(2);
    assertThat(result.err())
        .contains("Cannot write the maintenance report to " + json + ": " + notADirectory + " is not a directory")
        .contains("Cannot write the maintenance report to " + prom + ": " + notADirectory + " is not a directory")
        .contains("Cannot write the maintenance report to the Pushgateway at http://127.0.0.1:" + closedPort
            + "/metrics/job/lakehouse_maintenance")
        .contains("the maintenance itself is done and committed, and the report is on stdout");
    table.refresh();
    List<String> live = new ArrayList<>();
    table.newScan().planFiles().forEach(task -> live.add(task.file().location()));
    assertThat(live).as("one compacted file per partition").hasSize(2);
    assertThat(TableContent.of(table)).isEqualTo(TableContent.ofAll(written));
  }

  @Test
  void theReportIsPushedToAPushgatewayAndWrittenToTheObjectStore() throws Exception {
    Table table = warehouse.createEventsTable("report_pushed");
    seed(table, 1, 3);
    List<String> requests = new ArrayList<>();
    HttpServer pushgateway = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    pushgateway.createContext("/", exchange -> {
      requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + "\n"
          + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      exchange.sendResponseHeaders(200, -1);
      exchange.close();
    });
    pushgateway.start();
    try {
      Path config = TestConfig.write(warehouse.dir().resolve("pushed.yaml"), warehouse, "tables: [lakehouse.report_pushed]\n"
          + "report:\n  pushgateway-url: http://127.0.0.1:" + pushgateway.getAddress().getPort() + "/\n"
          + "  s3-uri: s3://lakehouse/reports/maintenance/\n");

      Result result = run("run", "--config", config.toString(), "--once");

      assertThat(result.exitCode()).as(result.err()).isZero();
      assertThat(result.err()).doesNotContain("Cannot write the maintenance report");
      String runId = new ObjectMapper().readTree(result.out()).get("runId").asText();
      assertThat(requests).singleElement().satisfies(request -> assertThat(request)
          .startsWith("PUT /metrics/job/lakehouse_maintenance\n")
          .contains("lakehouse_maintenance_last_run_failed 0.0")
          .contains("lakehouse_maintenance_table_failed{table=\"lakehouse.report_pushed\"} 0.0"));
      try (InputStream latest = table.io().newInputFile("s3://lakehouse/reports/maintenance/latest.json").newStream()) {
        JsonNode stored = new ObjectMapper().readTree(latest);
        assertThat(stored.get("runId").asText()).isEqualTo(runId);
        assertThat(stored.get("tables").get(0).get("table").asText()).isEqualTo("lakehouse.report_pushed");
      }
    } finally {
      pushgateway.stop(0);
    }
  }

  @Test
  void anUnknownTableIsAUsageError() throws Exception {
    Path config = TestConfig.write(warehouse.dir().resolve("unknown.yaml"), warehouse, "");

    Result result = run("run", "--config", config.toString(), "--tables", "lakehouse.no_such_table");

    assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID.code());
    assertThat(result.err().trim()).isEqualTo("Cannot maintain table lakehouse.no_such_table: it does not exist in"
        + " catalog 'lakehouse' (check the name, or list tables with a pattern like lakehouse.*)");
  }

  @Test
  void wrongCatalogSettingsAreAUsageErrorThatNamesTheCatalogButNoSecret() throws Exception {
    Path config = warehouse.dir().resolve("wrong.yaml");
    Files.writeString(config, """
        catalog:
          properties:
            type: jdbc
            uri: jdbc:sqlite:/nonexistent-dir/iceberg.db
            s3.secret-access-key: do-not-print-me
        """);

    Result result = run("health", "--config", config.toString());

    assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID.code());
    assertThat(result.err()).startsWith("Cannot connect to catalog 'lakehouse' with properties {s3.secret-access-key=****, type=jdbc, uri=jdbc:sqlite:/nonexistent-dir/iceberg.db}");
    assertThat(result.err()).doesNotContain("do-not-print-me");
  }

  @Test
  void corruptOrMissingDataFilesFailTheirGroupsOnlyAndTheRunExitsNonZeroWithReports() throws Exception {
    Table table = warehouse.createEventsTable("corrupt");
    seed(table, 2, 5);
    DataFile victim = table.currentSnapshot().addedDataFiles(table.io()).iterator().next();
    Files.write(warehouse.objectPath(victim.location()), new byte[] {'n', 'o', 't', ' ', 'p', 'a', 'r', 'q', 'u', 'e', 't'});
    seed(table, 1, 5, 6);
    DataFile missing = table.currentSnapshot().addedDataFiles(table.io()).iterator().next();
    Files.delete(warehouse.objectPath(missing.location()));
    Path json = warehouse.dir().resolve("reports/corrupt.json");
    Path prom = warehouse.dir().resolve("reports/corrupt.prom");
    Path config = TestConfig.write(warehouse.dir().resolve("corrupt.yaml"), warehouse, "tables: [lakehouse.corrupt]\n"
        + "report:\n  json-file: " + json + "\n  prometheus-file: " + prom + "\n" + "expiry: {enabled: false}\n");

    Result result = run("run", "--config", config.toString(), "--once");

    assertThat(result.exitCode()).isEqualTo(ExitCode.FAILED.code());
    JsonNode report = new ObjectMapper().readTree(json.toFile());
    JsonNode t = report.get("tables").get(0);
    assertThat(t.get("status").asText()).isEqualTo("FAILED");
    assertThat(t.get("errors").toString()).contains("Cannot read " + victim.location())
        .contains("Cannot read " + missing.location());
    assertThat(t.get("compaction").get("groupsCommitted").asInt()).isEqualTo(1);
    assertThat(t.get("compaction").get("groupsFailed").asInt()).isEqualTo(2);
    assertThat(Files.readString(prom))
        .contains("lakehouse_maintenance_table_failed{table=\"lakehouse.corrupt\"} 1.0")
        .contains("lakehouse_maintenance_last_run_failed 1.0");
    // the corrupt file stays referenced and in place; the other partition's rows are intact
    table.refresh();
    assertThat(table.io().newInputFile(victim.location()).exists()).isTrue();
    List<String> live = new ArrayList<>();
    table.newScan().planFiles().forEach(task -> live.add(task.file().location()));
    assertThat(live).contains(victim.location(), missing.location()).hasSize(11);
  }

  @Test
  void healthPrintsAScorePerTableAsJson() throws Exception {
    Table table = warehouse.createEventsTable("health");
    List<List<Record>> written = seed(table, 1, 8);
    Path config = TestConfig.write(warehouse.dir().resolve("health.yaml"), warehouse, "tables: [lakehouse.health]\n");

    Result before = run("health", "--config", config.toString(), "--format", "json");
    assertThat(run("run", "--config", config.toString()).exitCode()).isZero();
    Result after = run("health", "--config", config.toString(), "--format", "json");

    JsonNode b = new ObjectMapper().readTree(before.out()).get(0);
    JsonNode a = new ObjectMapper().readTree(after.out()).get(0);
    assertThat(b.get("table").asText()).isEqualTo("lakehouse.health");
    // 8 small files where 1 would do: the file part is 50 * 1/8
    assertThat(b.get("health").get("fileScore").asDouble()).isEqualTo(0.125);
    assertThat(a.get("health").get("fileScore").asDouble()).isEqualTo(1.0);
    assertThat(a.get("health").get("score").asInt()).isGreaterThan(b.get("health").get("score").asInt());
    assertThat(TableContent.of(table)).isEqualTo(TableContent.ofAll(written));
  }

  @Test
  void aCatalogWithoutWritePermissionFailsWithAClearError() throws Exception {
    Table table = warehouse.createEventsTable("read_only");
    seed(table, 1, 3);
    Map<String, String> props = new java.util.LinkedHashMap<>(warehouse.catalogProperties());
    // SQLite opened read-only (SQLITE_OPEN_READONLY): the catalog can be read but not updated
    props.put("uri", props.get("uri") + "?open_mode=1");
    StringBuilder yaml = new StringBuilder("tables: [lakehouse.read_only]\ncatalog:\n  properties:\n");
    props.forEach((k, v) -> yaml.append("    ").append(k).append(": \"").append(v).append("\"\n"));
    Path config = warehouse.dir().resolve("read-only.yaml");
    Files.writeString(config, yaml.toString());

    Result result = run("run", "--config", config.toString());

    assertThat(result.exitCode()).isEqualTo(ExitCode.FAILED.code());
    assertThat(result.out()).contains("lakehouse.read_only").contains("FAILED")
        .contains("Cannot take the maintenance lease on lakehouse.read_only")
        .contains("(does the job have write permission on the table?)");
  }

  @Test
  void dryRunCountsWhatItWouldRemoveThenTheErasureRemovesItAndNeitherPrintsTheId() throws Exception {
    Table table = PersonalTables.create(warehouse.catalog(), "cli", "orders_enriched", PersonalTables.ORDERS);
    List<Record> rows = PersonalTables.orders(CUSTOMERS, 0, 30, Instant.now().truncatedTo(ChronoUnit.HOURS));
    TestWarehouse.append(table, List.of(TestWarehouse.writeFile(table, rows)), Map.of());
    long before = table.currentSnapshot().snapshotId();
    Path config = TestConfig.write(warehouse.dir().resolve("erase.yaml"), warehouse, "erasure:\n  tables: [cli.*]\n");
    Path ids = Files.writeString(warehouse.dir().resolve("ids.txt"), ERASED + "\n\n");

    Result dryRun = run("erase", "--config", config.toString(), "--customer-ids-file", ids.toString(), "--dry-run");

    assertThat(dryRun.exitCode()).as(dryRun.err()).isZero();
    assertThat(dryRun.out()).contains("(dry run").containsPattern("cli.orders_enriched +ERASED +10 +1 ");
    table.refresh();
    assertThat(table.currentSnapshot().snapshotId()).as("the current snapshot after a dry run").isEqualTo(before);

    Result erase = run("erase", "--config", config.toString(), "--customer-ids-file", ids.toString());

    assertThat(erase.exitCode()).as(erase.out() + erase.err()).isZero();
    assertThat(erase.out()).contains("of customer " + CustomerIds.pseudonym(ERASED))
        .containsPattern("cli.orders_enriched +ERASED +10 +1 +1 ")
        .contains("complete: no table row or file under the tables holds the customers' rows");
    assertThat(PersonalTables.rows(table)).hasSize(20).noneMatch(row -> row.contains(ERASED));
    assertThat(dryRun.out() + dryRun.err() + erase.out() + erase.err()).doesNotContain(ERASED);
  }

  @Test
  void withoutACustomerIdItIsAUsageError() throws Exception {
    Path config = TestConfig.write(warehouse.dir().resolve("no-id.yaml"), warehouse, "");

    Result result = run("erase", "--config", config.toString());

    assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID.code());
    assertThat(result.err()).startsWith(
        "Cannot erase: no customer id given (use --customer-id <id> or --customer-ids-file <file>)");
  }

  @Test
  void aCatalogThatDoesNotAnswerIsUnreachableNotAConfigError() throws Exception {
    String uri = "http://127.0.0.1:" + FreePorts.pick();
    Path config = warehouse.dir().resolve("unreachable.yaml");
    Files.writeString(config, "catalog:\n  properties:\n    type: rest\n    uri: " + uri + "\n");

    Result result = run("health", "--config", config.toString());

    assertThat(result.exitCode()).isEqualTo(ExitCode.UNREACHABLE.code());
    assertThat(result.err()).startsWith("Cannot connect to catalog 'lakehouse' with properties {type=rest, uri=" + uri + "}");
  }

  @Test
  void helpListsTheProjectsExitCodes() {
    Result result = run("run", "--help");

    assertThat(result.exitCode()).isZero();
    // picocli wraps the exit code list: compare with the line breaks as spaces
    assertThat(result.out().replaceAll("\\s+", " ")).contains("Exit codes:")
        .contains("1 " + ExitCode.FAILED.meaning() + "; a task failed on at least one table")
        .contains("2 " + ExitCode.INVALID.meaning())
        .contains("3 " + ExitCode.UNREACHABLE.meaning() + "; the catalog or the object store did not answer");
  }

  @Test
  void eraseHelpSaysWhatItsExitCodesMeanForAnErasure() {
    Result result = run("erase", "--help");

    assertThat(result.exitCode()).isZero();
    assertThat(result.out().replaceAll("\\s+", " ")).contains("--dry-run").contains("Exit codes:")
        .contains("0 " + ExitCode.OK.meaning() + "; no selected table row and no file under the tables holds")
        .contains("1 " + ExitCode.FAILED.meaning() + "; some table may still hold the rows")
        .contains("2 " + ExitCode.INVALID.meaning());
  }

  @ParameterizedTest(name = "--every \"{0}\"")
  @MethodSource("dev.lakehouse.conventions.DurationTable#invalid")
  void everyTakesTheProjectsDurationFormat(String text) {
    Result result = run("run", "--config", "unused.yaml", "--every", text);

    assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID.code());
    assertThat(result.err()).contains("Invalid value for option '--every': expected " + DurationFormat.EXPECTED + ", not '" + text + "'");
  }
}
