package dev.lakehouse.maintenance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.maintenance.support.PersonalTables;
import dev.lakehouse.maintenance.support.TestConfig;
import dev.lakehouse.maintenance.support.TestWarehouse;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code maintenance-job erase}: what it prints and its exit codes; it never prints a customer id. */
class EraseCommandTest {
  static final String ERASED = "cus-secret-42";
  static final List<String> CUSTOMERS = List.of("cus-1", "cus-2", ERASED);

  @TempDir static Path dir;
  static TestWarehouse warehouse;

  record Result(int exitCode, String out, String err) {}

  @BeforeAll
  static void startWarehouse() throws Exception {
    warehouse = TestWarehouse.start(dir);
  }

  @AfterAll
  static void stopWarehouse() throws Exception {
    warehouse.close();
  }

  static Result run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = MaintenanceJob.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    int code = cli.execute(args);
    return new Result(code, out.toString(), err.toString());
  }

  @Test
  void dryRunCountsWhatItWouldRemoveThenTheErasureRemovesItAndNeitherPrintsTheId() throws Exception {
    Table table = PersonalTables.create(warehouse.catalog(), "cli", "orders_enriched", PersonalTables.ORDERS);
    List<Record> rows = PersonalTables.orders(CUSTOMERS, 0, 30, Instant.now().truncatedTo(ChronoUnit.HOURS));
    TestWarehouse.append(table, List.of(TestWarehouse.writeFile(table, rows)), Map.of());
    long before = table.currentSnapshot().snapshotId();
    Path config = TestConfig.write(dir.resolve("erase.yaml"), warehouse, "erasure:\n  tables: [cli.*]\n");
    Path ids = Files.writeString(dir.resolve("ids.txt"), ERASED + "\n\n");

    Result dryRun = run("erase", "--config", config.toString(), "--customer-ids-file", ids.toString(), "--dry-run");

    assertThat(dryRun.exitCode()).as(dryRun.err()).isZero();
    assertThat(dryRun.out()).contains("(dry run").containsPattern("cli.orders_enriched +ERASED +10 +1 ");
    table.refresh();
    assertThat(table.currentSnapshot().snapshotId()).as("the current snapshot after a dry run").isEqualTo(before);

    Result erase = run("erase", "--config", config.toString(), "--customer-ids-file", ids.toString());

    assertThat(erase.exitCode()).as(erase.out() + erase.err()).isZero();
    assertThat(erase.out()).contains("of customer " + dev.lakehouse.maintenance.erasure.CustomerIds.pseudonym(ERASED))
        .containsPattern("cli.orders_enriched +ERASED +10 +1 +1 ")
        .contains("complete: no table row or file under the tables holds the customers' rows");
    assertThat(PersonalTables.rows(table)).hasSize(20).noneMatch(row -> row.contains(ERASED));
    assertThat(dryRun.out() + dryRun.err() + erase.out() + erase.err()).doesNotContain(ERASED);
  }

  @Test
  void withoutACustomerIdItIsAUsageError() throws Exception {
    Path config = TestConfig.write(dir.resolve("no-id.yaml"), warehouse, "");

    Result result = run("erase", "--config", config.toString());

    assertThat(result.exitCode()).isEqualTo(MaintenanceJob.EXIT_USAGE);
    assertThat(result.err()).startsWith(
        "Cannot erase: no customer id given (use --customer-id <id> or --customer-ids-file <file>)");
  }
}
