package dev.lakehouse.maintenance.erasure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.maintenance.support.JobCli;
import dev.lakehouse.maintenance.support.JobCli.Result;
import dev.lakehouse.maintenance.support.PersonalTables;
import dev.lakehouse.maintenance.support.TestConfig;
import dev.lakehouse.maintenance.support.TestWarehouse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The erasure register: erase records each erasure (the id only in the register, never on its
 * output) before it changes anything; a replay's namespace that got the customer's rows back is
 * found by {@code erasures check} and cleaned by {@code erasures reapply}, other rows kept; a register
 * that cannot be written stops the erasure before it touches a table.
 */
class ErasureRegisterTest {
  private static final String ERASED = "cus-gdpr-31";
  private static final List<String> CUSTOMERS = List.of("cus-1", "cus-2", ERASED);
  private static final Instant HOUR = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(1, ChronoUnit.HOURS);

  @RegisterExtension static final TestWarehouse warehouse = TestWarehouse.perTestClass();

  @TempDir Path dir;

  private Path config(String register, String tables) throws Exception {
    return TestConfig.write(dir.resolve("maintenance.yaml"), warehouse,
        "erasure:\n  tables: [" + tables + "]\n  register: " + register + "\n");
  }

  private static Table ordersOf(String namespace) throws Exception {
    Table table = PersonalTables.create(warehouse.catalog(), namespace, "orders_enriched", PersonalTables.ORDERS);
    TestWarehouse.appendRows(table, PersonalTables.orders(CUSTOMERS, 0, 30, HOUR));
    return table;
  }

  @Test
  void anErasureIsRecordedAndAppliedAgainToAReplayThatBroughtTheCustomerBack() throws Exception {
    Table live = ordersOf("reg");
    Path config = config("s3://lakehouse/registers/replayed", "reg.*");
    Path ids = Files.writeString(dir.resolve("ids.txt"), ERASED + "\n");

    Result erase = JobCli.withConfig(config, "erase", "--customer-ids-file", ids.toString());
    Table replay = ordersOf("reg_replay_1"); // the replay re-read the customer's orders from the topics
    Result list = JobCli.withConfig(config, "erasures", "list");
    Result held = JobCli.withConfig(config, "erasures", "check", "--tables", "reg_replay_1.*");
    Result reapply = JobCli.withConfig(config, "erasures", "reapply", "--tables", "reg_replay_1.*");
    Result clean = JobCli.withConfig(config, "erasures", "check", "--tables", "reg.*,reg_replay_1.*");

    assertThat(erase.exitCode()).as(erase.out() + erase.err()).isZero();
    assertThat(erase.out()).contains("recorded in the erasure register s3://lakehouse/registers/replayed");
    List<Path> recorded = warehouse.objectsUnder("s3://lakehouse/registers/replayed/");
    assertThat(recorded).hasSize(1);
    assertThat(Files.readString(recorded.get(0), StandardCharsets.UTF_8)).as("the register holds the id")
        .contains("\"id\":\"" + ERASED + "\"").contains("\"pseudonym\":\"" + CustomerIds.pseudonym(ERASED) + "\"");
    assertThat(PersonalTables.rows(live)).hasSize(20).noneMatch(row -> row.contains(ERASED));

    assertThat(list.exitCode()).isZero();
    assertThat(list.out()).contains("1 erasures recorded in s3://lakehouse/registers/replayed")
        .contains("customer " + CustomerIds.pseudonym(ERASED));
    assertThat(held.exitCode()).as(held.out() + held.err()).isEqualTo(ExitCode.FAILED.code());
    assertThat(held.out()).contains("reg_replay_1.orders_enriched holds 10 rows of erased customers");
    assertThat(reapply.exitCode()).as(reapply.out() + reapply.err()).isZero();
    assertThat(reapply.out()).containsPattern("reg_replay_1.orders_enriched +ERASED +10 ");
    assertThat(PersonalTables.rows(replay)).hasSize(20).noneMatch(row -> row.contains(ERASED));
    assertThat(clean.exitCode()).as(clean.out() + clean.err()).isZero();
    assertThat(clean.out()).contains("no table holds a row of the customer " + CustomerIds.pseudonym(ERASED));
    for (Result result : List.of(erase, list, held, reapply, clean)) {
      assertThat(result.out() + result.err()).doesNotContain(ERASED);
    }
  }

  @Test
  void withNothingRecordedThereIsNothingToApplyAgain() throws Exception {
    ordersOf("none");
    Path config = config("s3://lakehouse/registers/empty", "none.*");

    Result check = JobCli.withConfig(config, "erasures", "check");
    Result reapply = JobCli.withConfig(config, "erasures", "reapply");

    assertThat(check.exitCode()).isZero();
    assertThat(check.out()).contains("no erasure recorded in s3://lakehouse/registers/empty");
    assertThat(reapply.exitCode()).isZero();
  }

  @Test
  void aRegisterThatCannotBeWrittenStopsTheErasureBeforeItChangesATable() throws Exception {
    Table table = ordersOf("unrecorded");
    long before = table.currentSnapshot().snapshotId();
    Path config = config("s3://no-such-bucket/erasure-register", "unrecorded.*");

    Result erase = JobCli.withConfig(config, "erase", "--customer-id", ERASED);

    assertThat(erase.exitCode()).isEqualTo(ExitCode.FAILED.code());
    assertThat(erase.err()).startsWith("Cannot record the erasure of customer " + CustomerIds.pseudonym(ERASED)
        + " in the erasure register s3://no-such-bucket/erasure-register: ").contains("; nothing was erased.")
        .doesNotContain(ERASED);
    table.refresh();
    assertThat(table.currentSnapshot().snapshotId()).isEqualTo(before);
  }

  @Test
  void aRegisterThatIsNoObjectStoreUriIsASettingsError() throws Exception {
    Result result = JobCli.withConfig(config("/var/erasures", "x.*"), "erasures", "list");

    assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID.code());
    assertThat(result.err()).contains("Cannot use 'erasure.register' = /var/erasures: it must be an object store URI"
        + " with a bucket, e.g. s3://acme-lakehouse-restricted/erasure-register");
  }
}
