package dev.lakehouse.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.harness.EnrichedOrderBatches;
import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.Landing;
import dev.lakehouse.e2e.harness.MaintenanceJobRun;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.harness.SinkCoordinator;
import dev.lakehouse.e2e.oracle.ExpectedTable;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.TableDiff;
import dev.lakehouse.local.stack.components.ConnectWorkerComponent;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.util.SnapshotUtil;
import org.junit.jupiter.api.Test;

/**
 * Expiry never breaks the sink's exactly-once: the real sink lands {@code orders-enriched} in
 * four commits while the maintenance job (its packaged CLI, run three times) compacts and expires
 * snapshots as hard as it can (keep 1, older than 0). Then the Connect worker is killed with
 * SIGKILL, its coordinator's control-topic position is rewound to the start, more rows arrive and
 * the worker restarts. Every row produced must be in the table exactly once: the restarted
 * coordinator tells committed from uncommitted work only by the offsets in the snapshot summaries,
 * found by walking back from the current (rewrite) snapshot, so expiry must keep that walk intact.
 */
class SinkAfterMaintenanceIT {
  private static final int BATCH = 1_000;
  private static final Duration LANDING_TIMEOUT = Duration.ofMinutes(3);
  private static final Map<String, String> AGGRESSIVE_MAINTENANCE = Map.of(
      "MAINTENANCE_EXPIRY_MIN_SNAPSHOTS", "1",
      "MAINTENANCE_EXPIRY_MAX_SNAPSHOT_AGE", "0s",
      "MAINTENANCE_COMPACTION_HOT_PARTITION_MIN_SMALL_FILES", "2");

  private final EnrichedOrderBatches batches =
      new EnrichedOrderBatches("eos", BATCH, Instant.now().truncatedTo(ChronoUnit.HOURS).minus(2, ChronoUnit.HOURS));

  @Test
  void expiryThenWorkerKillLosesAndDuplicatesNothing() throws Exception {
    try (PipelineStack stack = PipelineStack.startSinkOnly("sink-after-maintenance");
        IcebergTables tables = new IcebergTables(stack.catalogProperties())) {
      // three landed batches: three sink commits, so every hour partition holds three small files
      for (int batch = 0; batch < 3; batch++) {
        batches.produce(stack);
        batches.awaitCommitted(tables, LANDING_TIMEOUT);
      }
      Table landed = tables.load(OutputTable.ORDERS_ENRICHED);
      long firstSnapshotId = SnapshotUtil.oldestAncestor(landed).snapshotId();
      long filesBefore = dataFiles(landed.currentSnapshot());

      // scheduled runs: the first races a sink commit, the second compacts whatever that commit
      // left (a rewrite snapshot ends up on top: the sink's offsets are reachable only by walking
      // back), the third finds nothing to compact, so its start snapshot no longer shields that walk
      batches.produce(stack);
      MaintenanceJobRun.Result first = maintain(stack);
      assertThat(first.exitCode()).as("exit code of the first maintenance run:\n%s", first.log()).isZero();
      batches.awaitCommitted(tables, LANDING_TIMEOUT);
      MaintenanceJobRun.Result second = maintain(stack);
      assertThat(second.exitCode()).as("exit code of the second maintenance run:\n%s", second.log()).isZero();
      MaintenanceJobRun.Result third = maintain(stack);
      assertThat(third.exitCode()).as("exit code of the third maintenance run:\n%s", third.log()).isZero();

      Table maintained = tables.load(OutputTable.ORDERS_ENRICHED);
      assertThat(maintained.snapshot(firstSnapshotId)).as("the first sink snapshot, expired").isNull();
      assertThat(dataFiles(maintained.currentSnapshot())).as("data files after compaction").isLessThan(filesBefore);
      assertThat(maintained.currentSnapshot().operation()).as("operation of the current snapshot").isEqualTo("replace");

      stack.kill(ConnectWorkerComponent.NAME);
      SinkCoordinator.rewindToStart(stack.bootstrapServers());
      batches.produce(stack); // waits in the topic while the worker is down
      stack.restart(ConnectWorkerComponent.NAME);
      batches.produce(stack);

      ExpectedTable expected = new ExpectedTable(OutputTable.ORDERS_ENRICHED, batches.produced(), Map.of());
      Landing.awaitComplete(tables, Map.of(OutputTable.ORDERS_ENRICHED, expected), LANDING_TIMEOUT);
      // a data file committed again after expiry deleted it fails this read with NotFoundException
      TableDiff diff = TableDiff.of(expected, tables.rows(OutputTable.ORDERS_ENRICHED));
      System.out.println("sink after maintenance and a worker kill: " + diff.report());
      assertThat(diff.duplicated()).as("duplicated event_ids").isEmpty();
      assertThat(diff.lost()).as("lost event_ids").isEmpty();
      assertThat(diff.matches()).as(diff.report()).isTrue();
    }
  }

  private static MaintenanceJobRun.Result maintain(PipelineStack stack) throws Exception {
    return MaintenanceJobRun.onStack(stack, AGGRESSIVE_MAINTENANCE, "--tables", "lakehouse.orders_enriched");
  }

  private static long dataFiles(Snapshot snapshot) {
    return Long.parseLong(snapshot.summary().get("total-data-files"));
  }
}
