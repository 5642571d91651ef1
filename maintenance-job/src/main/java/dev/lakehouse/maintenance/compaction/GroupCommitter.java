package dev.lakehouse.maintenance.compaction;

import dev.lakehouse.maintenance.lock.TableLease;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.Table;
import org.apache.iceberg.actions.RewriteDataFilesCommitManager;
import org.apache.iceberg.actions.RewriteFileGroup;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.CommitStateUnknownException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits one rewritten group at a time through iceberg-core's {@link RewriteDataFilesCommitManager}
 * (a rewrite validated from the plan's starting snapshot), retrying with backoff when frequent sink
 * commits win the race. Each committed group stays committed, so a stopped run keeps its progress.
 * Outputs are deleted only when the commit surely failed, never when its outcome is unknown.
 */
public final class GroupCommitter {
  private static final Logger LOG = LoggerFactory.getLogger(GroupCommitter.class);
  public static final String RUN_ID_SUMMARY = "maintenance.run-id";

  private final Table table;
  private final RewriteDataFilesCommitManager manager;
  private final TableLease lease;
  private final int retries;
  private final Duration backoff;
  private final Duration backoffMax;
  private final Sleeper sleeper;

  /** Waits between retries; tests pass one that does not sleep. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  public GroupCommitter(Table table, long startingSnapshotId, TableLease lease, int retries,
      Duration backoff, Duration backoffMax, Sleeper sleeper) {
    this.table = table;
    // the sink's offsets stay in its own snapshots; copying them here could move them backwards
    this.manager = new RewriteDataFilesCommitManager(
        table, startingSnapshotId, true, Map.of(RUN_ID_SUMMARY, lease.operationId()));
    this.lease = lease;
    this.retries = retries;
    this.backoff = backoff;
    this.backoffMax = backoffMax;
    this.sleeper = sleeper;
  }

  /** Commits the group and returns how many retries it took. */
  public int commit(RewriteFileGroup group) throws InterruptedException {
    Duration wait = backoff;
    for (int attempt = 0; ; attempt++) {
      try {
        lease.ensureHeld();
        manager.commitFileGroups(Set.of(group));
        return attempt;
      } catch (CommitStateUnknownException e) {
        throw e;
      } catch (CommitFailedException e) {
        if (attempt >= retries) {
          manager.abortFileGroup(group);
          throw new CommitFailedException(e, "Cannot commit the rewrite of %d files in %s after %d retries: %s",
              group.rewrittenFiles().size(), table.name(), attempt, e.getMessage());
        }
        LOG.info("Commit of a file group of {} lost to a concurrent commit, retry {} of {} in {}",
            table.name(), attempt + 1, retries, wait);
        sleeper.sleep(wait);
        wait = wait.multipliedBy(2).compareTo(backoffMax) > 0 ? backoffMax : wait.multipliedBy(2);
        table.refresh();
      } catch (RuntimeException e) {
        manager.abortFileGroup(group);
        throw e;
      }
    }
  }
}
