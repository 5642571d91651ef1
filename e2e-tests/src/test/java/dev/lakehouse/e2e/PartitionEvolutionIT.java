package dev.lakehouse.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.harness.EnrichedOrderBatches;
import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.Landing;
import dev.lakehouse.e2e.harness.MaintenanceJobRun;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.oracle.ExpectedTable;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.TableDiff;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.Test;

/**
 * The partition spec of {@code orders_enriched} changed in place while the real Iceberg sink keeps
 * landing rows (services, Connect worker and connector only): {@code maintenance-job partition-spec}
 * (the packaged CLI) with a batch in flight, batches after it, then a maintenance run beside another
 * batch in flight. The sink's files after the change carry the new spec; after the run no live file
 * is on the old one; every row produced is in the table exactly once, all columns.
 */
class PartitionEvolutionIT {
  private static final int BATCH = 500;
  private static final Duration LANDING_TIMEOUT = Duration.ofMinutes(3);
  private static final String TABLE = "lakehouse.orders_enriched";
  private static final String NEW_SPEC = "days(event_time), bucket(merchant_id, 4)";

  @Test
  void aSpecChangedUnderTheLiveSinkLosesAndDuplicatesNothing() throws Exception {
    EnrichedOrderBatches batches =
        new EnrichedOrderBatches("pev", BATCH, Instant.now().truncatedTo(ChronoUnit.HOURS).minus(2, ChronoUnit.HOURS));
    try (PipelineStack stack = PipelineStack.startSinkOnly("partition-evolution");
        IcebergTables tables = new IcebergTables(stack.catalogProperties())) {
      for (int landed = 0; landed < 2; landed++) {
        batches.produce(stack);
        batches.awaitCommitted(tables, LANDING_TIMEOUT);
      }
      batches.produce(stack);  // in flight while the spec changes
      MaintenanceJobRun.Result changed = MaintenanceJobRun.command(stack, "partition-spec", "--table", TABLE, "--set", NEW_SPEC);
      assertThat(changed.exitCode()).as(changed.log()).isZero();
      assertThat(changed.log()).contains("changed hours(event_time) -> days(event_time), bucket(merchant_id, 4) (spec 1)");
      batches.awaitCommitted(tables, LANDING_TIMEOUT);
      batches.produce(stack);
      batches.awaitCommitted(tables, LANDING_TIMEOUT);
      Map<Integer, Long> filesBySpec = filesBySpec(tables.load(OutputTable.ORDERS_ENRICHED));
      assertThat(filesBySpec).as("live files per spec id before maintenance").containsKeys(0, 1);

      batches.produce(stack);  // in flight while maintenance rewrites the old files
      MaintenanceJobRun.Result run = MaintenanceJobRun.onStack(stack, Map.of(), "--tables", TABLE);
      assertThat(run.exitCode()).as("exit code of the maintenance run:\n%s", run.log()).isZero();
      assertThat(run.table(TABLE).path("after").path("filesOnOldSpecs").asLong()).as("old-spec files after the run").isZero();
      batches.produce(stack);

      ExpectedTable expected = new ExpectedTable(OutputTable.ORDERS_ENRICHED, batches.produced(), Map.of());
      Landing.awaitComplete(tables, Map.of(OutputTable.ORDERS_ENRICHED, expected), LANDING_TIMEOUT);
      assertThat(filesBySpec(tables.load(OutputTable.ORDERS_ENRICHED))).as("live files per spec id at the end")
          .containsOnlyKeys(1);
      TableDiff diff = TableDiff.of(expected, tables.rows(OutputTable.ORDERS_ENRICHED));
      System.out.println("partition evolution under the live sink: " + diff.report());
      assertThat(diff.duplicated()).as("duplicated event_ids").isEmpty();
      assertThat(diff.lost()).as("lost event_ids").isEmpty();
      assertThat(diff.matches()).as(diff.report()).isTrue();
    }
  }

  private static Map<Integer, Long> filesBySpec(Table table) throws Exception {
    Map<Integer, Long> files = new HashMap<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      tasks.forEach(task -> files.merge(task.file().specId(), 1L, Long::sum));
    }
    return files;
  }
}
