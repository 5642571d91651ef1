package dev.lakehouse.maintenance.compaction;

import dev.lakehouse.maintenance.config.TaskSettings;
import dev.lakehouse.maintenance.lock.LeaseLostException;
import dev.lakehouse.maintenance.lock.TableLease;
import dev.lakehouse.maintenance.report.ObjectStoreHint;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.exceptions.CommitStateUnknownException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Wires planner, runner and committer for one table: plan once, then rewrite and commit group by group. */
public final class CompactionTask {
  private static final Logger LOG = LoggerFactory.getLogger(CompactionTask.class);

  private final Clock clock;
  private final GroupCommitter.Sleeper sleeper;
  private final BooleanSupplier stopRequested;

  public CompactionTask(Clock clock, GroupCommitter.Sleeper sleeper, BooleanSupplier stopRequested) {
    this.clock = clock;
    this.sleeper = sleeper;
    this.stopRequested = stopRequested;
  }

  /** Plans from the table's current snapshot (dry run). */
  public CompactionPlan plan(Table table, TaskSettings settings) {
    table.refresh();
    Long current = table.currentSnapshot() == null ? null : table.currentSnapshot().snapshotId();
    return CompactionPlanner.plan(table, settings, clock.instant(), current);
  }

  public CompactionResult run(Table table, TaskSettings settings, TableLease lease) throws InterruptedException {
    long planStart = System.nanoTime();
    // planning from the snapshot recorded in the lease: expiry keeps it until the lease is released
    CompactionPlan plan = CompactionPlanner.plan(table, settings, clock.instant(), lease.startSnapshotId().orElse(null));
    LOG.info("{}: planned {} groups ({} files) in {} ms", table.name(), plan.groups().size(), plan.inputFiles(),
        (System.nanoTime() - planStart) / 1_000_000);
    if (plan.groups().isEmpty()) {
      return new CompactionResult(0, 0, 0, 0, 0, 0, 0, plan.deferredHotPartitions(), List.of(), false);
    }
    GroupRewriter rewriter = new GroupRewriter(table, lease.operationId());
    GroupCommitter committer = new GroupCommitter(table, plan.startingSnapshotId(), lease,
        settings.commitRetries(), settings.commitBackoff(), settings.commitBackoffMax(), sleeper);
    int committed = 0;
    int failed = 0;
    int filesRewritten = 0;
    int filesAdded = 0;
    long bytes = 0;
    int retries = 0;
    boolean stopped = false;
    List<String> errors = new ArrayList<>();
    for (PlannedGroup planned : plan.groups()) {
      if (stopRequested.getAsBoolean()) {
        stopped = true;
        break;
      }
      try {
        long groupStart = System.nanoTime();
        Set<DataFile> outputs = rewriter.rewrite(planned.group());
        long written = System.nanoTime();
        planned.group().setOutputFiles(outputs);
        retries += committer.commit(planned.group());
        LOG.info("{}: partition {}: {} files -> {} files, rewritten in {} ms, committed in {} ms", table.name(),
            planned.partition(), planned.inputFiles(), outputs.size(), (written - groupStart) / 1_000_000,
            (System.nanoTime() - written) / 1_000_000);
        committed++;
        filesRewritten += planned.inputFiles();
        filesAdded += outputs.size();
        bytes += planned.inputBytes();
      } catch (CommitStateUnknownException | LeaseLostException e) {
        errors.add(e.getMessage());
        failed++;
        LOG.error("Stopping compaction of {}: {}", table.name(), e.getMessage(), e);
        break;
      } catch (RuntimeException e) {
        failed++;
        errors.add(ObjectStoreHint.appendTo(
            "Cannot compact partition " + planned.partition() + " of " + table.name() + ": " + e.getMessage(), e));
        LOG.error("Cannot compact partition {} of {}", planned.partition(), table.name(), e);
      }
    }
    return new CompactionResult(plan.groups().size(), committed, failed, filesRewritten, filesAdded, bytes,
        retries, plan.deferredHotPartitions(), errors, stopped);
  }
}
