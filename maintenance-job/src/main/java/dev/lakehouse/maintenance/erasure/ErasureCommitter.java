package dev.lakehouse.maintenance.erasure;

import dev.lakehouse.maintenance.audit.ErasedRows;
import dev.lakehouse.maintenance.compaction.GroupCommitter;
import dev.lakehouse.maintenance.lock.TableLease;
import java.time.Duration;
import java.util.Set;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.RewriteFiles;
import org.apache.iceberg.RewriteManifests;
import org.apache.iceberg.Table;
import org.apache.iceberg.Transaction;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.ValidationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits an erasure as one metadata commit of two snapshots: a rewrite that replaces the files
 * holding the customers' rows (validated from the planning snapshot and at its sequence number, as
 * compaction commits, so appends by the sink do not conflict), then a manifest rewrite, because
 * the rewrite's manifests keep an entry for each replaced file with its column bounds, which may
 * hold an id. The second snapshot carries the sink's offsets ({@link SinkOffsetsCopy}).
 */
final class ErasureCommitter {
  private static final Logger LOG = LoggerFactory.getLogger(ErasureCommitter.class);

  private final Table table;
  private final TableLease lease;
  private final int retries;
  private final Duration backoff;
  private final Duration backoffMax;
  private final GroupCommitter.Sleeper sleeper;

  ErasureCommitter(Table table, TableLease lease, int retries, Duration backoff, Duration backoffMax,
      GroupCommitter.Sleeper sleeper) {
    this.table = table;
    this.lease = lease;
    this.retries = retries;
    this.backoff = backoff;
    this.backoffMax = backoffMax;
    this.sleeper = sleeper;
  }

  /** A concurrent commit changed a file being erased (deleted rows from it or replaced it): plan again. */
  static final class ConcurrentChangeException extends RuntimeException {
    ConcurrentChangeException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  record Committed(long snapshotId, int retries) {}

  Committed commit(ErasurePlan plan, Set<DataFile> added) throws InterruptedException {
    Duration wait = backoff;
    for (int attempt = 0; ; attempt++) {
      lease.ensureHeld();
      try {
        return new Committed(commitOnce(plan, added), attempt);
      } catch (ValidationException e) {
        throw new ConcurrentChangeException("Cannot commit the erasure in " + table.name()
            + ": a concurrent commit changed files being erased (" + e.getMessage() + ")", e);
      } catch (CommitFailedException e) {
        if (attempt >= retries) {
          throw new CommitFailedException(e, "Cannot commit the erasure in %s after %d retries: %s", table.name(),
              attempt, e.getMessage());
        }
        LOG.info("Commit of the erasure in {} lost to concurrent commits, retry {} of {} in {}", table.name(),
            attempt + 1, retries, wait);
      }
      sleeper.sleep(wait);
      wait = wait.multipliedBy(2).compareTo(backoffMax) > 0 ? backoffMax : wait.multipliedBy(2);
      table.refresh();
    }
  }

  /** Live rows the rewrite removes: the rewritten files' rows, less those already deleted, less the rows written again. */
  private static long erasedRows(ErasurePlan plan, Set<DataFile> added) {
    long before = plan.dataFiles().stream().mapToLong(DataFile::recordCount).sum()
        - plan.danglingDeleteFiles().stream().mapToLong(DeleteFile::recordCount).sum();
    return before - added.stream().mapToLong(DataFile::recordCount).sum();
  }

  private long commitOnce(ErasurePlan plan, Set<DataFile> added) {
    Transaction transaction = table.newTransaction();
    if (!plan.files().isEmpty()) {
      RewriteFiles rewrite = transaction.newRewrite()
          .validateFromSnapshot(plan.startingSnapshotId())
          .dataSequenceNumber(table.snapshot(plan.startingSnapshotId()).sequenceNumber())
          .set(GroupCommitter.RUN_ID_SUMMARY, lease.operationId());
      plan.dataFiles().forEach(rewrite::deleteFile);
      plan.danglingDeleteFiles().forEach(rewrite::deleteFile);
      added.forEach(rewrite::addFile);
      rewrite.commit();
      transaction.updateProperties()
          .set(ErasedRows.PROPERTY, Long.toString(ErasedRows.of(table) + erasedRows(plan, added)))
          .commit();
    }
    RewriteManifests manifests = transaction.rewriteManifests()
        .clusterBy(file -> file.specId())
        .rewriteIf(ManifestFile::hasDeletedFiles)
        .set(GroupCommitter.RUN_ID_SUMMARY, lease.operationId());
    manifests.validateWith(new SinkOffsetsCopy(manifests::set)).commit();
    long snapshotId = transaction.table().currentSnapshot().snapshotId();
    transaction.commitTransaction();
    return snapshotId;
  }
}
