package dev.lakehouse.maintenance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.maintenance.evolution.PartitionEvolution;
import dev.lakehouse.maintenance.support.JobCli;
import dev.lakehouse.maintenance.support.JobCli.Result;
import dev.lakehouse.maintenance.support.TestConfig;
import dev.lakehouse.maintenance.support.TestWarehouse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class PartitionSpecCommandTest {
  @RegisterExtension static final TestWarehouse warehouse = TestWarehouse.perTestClass();

  @Test
  void changesTheSpecInPlaceAndSaysWhatChanged() throws Exception {
    Table table = warehouse.createEventsTable("respec");
    String name = TestWarehouse.NAMESPACE + ".respec";

    assertThat(run("--table", name)).isEqualTo(new Result(0, name + ": spec 0: hours(event_time)\n", ""));
    assertThat(run("--table", name, "--set", "hours(event_time), bucket(id, 4)", "--dry-run"))
        .isEqualTo(new Result(0, name + ": would change hours(event_time) -> hours(event_time), bucket(id, 4)\n", ""));
    table.refresh();
    assertThat(table.spec().specId()).as("dry run").isZero();

    assertThat(run("--table", name, "--set", "hours(event_time), bucket(id, 4)"))
        .isEqualTo(new Result(0, name + ": changed hours(event_time) -> hours(event_time), bucket(id, 4) (spec 1)\n", ""));
    assertThat(run("--table", name, "--set", "bucket(id,4), hour(event_time)"))
        .isEqualTo(new Result(0, name + ": already partitioned by hours(event_time), bucket(id, 4)\n", ""));
    assertThat(run("--table", name, "--set", "days(event_time)").out())
        .isEqualTo(name + ": changed hours(event_time), bucket(id, 4) -> days(event_time) (spec 2)\n");
    table.refresh();
    assertThat(table.spec().fields()).extracting(f -> f.transform().toString()).containsExactly("day");
  }

  @Test
  void aBadTermOrColumnIsRefusedNamingItAndChangesNothing() throws Exception {
    Table table = warehouse.createEventsTable("refused");
    String name = TestWarehouse.NAMESPACE + ".refused";

    Result unknownColumn = run("--table", name, "--set", "days(event_time), bucket(merchant_id, 16)");
    assertThat(unknownColumn.exitCode()).isEqualTo(ExitCode.INVALID.code());
    assertThat(unknownColumn.err()).contains("Cannot use the partition spec 'days(event_time), bucket(merchant_id, 16)': "
        + "no column 'merchant_id'; the table's columns: [id, payload, event_time]");
    assertThat(run("--table", name, "--set", "weekly(event_time)").err())
        .contains("unknown transform 'weekly'; use years, months, days, hours, bucket, truncate or a bare column");
    assertThat(run("--table", name, "--set", "bucket(id)").err()).contains("bucket takes (column, width), e.g. bucket(id, 16)");
    assertThat(run("--table", TestWarehouse.NAMESPACE + ".nope", "--set", "id").err())
        .contains("no such table");
    table.refresh();
    assertThat(table.spec().specId()).isZero();
  }

  @Test
  void aCommitOfAnotherWriterSinceTheTableWasReadIsRetriedNotFatal() throws Exception {
    Table readByTheCommand = warehouse.createEventsTable("raced");
    readByTheCommand.refresh();  // loaded by the command: its metadata from now on is what it read
    // the sink commits through its own handle after the command loaded the table
    Table sink = warehouse.newCatalog().loadTable(TableIdentifier.of(TestWarehouse.NAMESPACE, "raced"));
    TestWarehouse.append(sink, List.of(TestWarehouse.writeFile(sink,
        TestWarehouse.rows(0, 10, Instant.parse("2026-12-01T10:00:00Z")))), Map.of());

    PartitionEvolution.Result result =
        PartitionEvolution.apply("raced", readByTheCommand, "days(event_time), bucket(id, 4)", false);

    assertThat(result.after()).containsExactly("days(event_time)", "bucket(id, 4)");
    sink.refresh();
    assertThat(sink.spec().specId()).isEqualTo(result.specId()).isPositive();
    assertThat(sink.currentSnapshot()).as("the writer's commit is kept").isNotNull();
    assertThat(sink.currentSnapshot().summary()).containsEntry("added-records", "10");
  }

  private static Result run(String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of("partition-spec", "--config",
        TestConfig.write(warehouse.dir().resolve("spec.yaml"), warehouse, "").toString()));
    all.addAll(List.of(args));
    return JobCli.run(all.toArray(String[]::new));
  }
}
