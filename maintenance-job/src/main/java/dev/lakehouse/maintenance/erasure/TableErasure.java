package dev.lakehouse.maintenance.erasure;

import dev.lakehouse.conventions.DurationFormat;
import dev.lakehouse.maintenance.compaction.GroupCommitter;
import dev.lakehouse.maintenance.compaction.GroupRewriter;
import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.maintenance.config.TaskSettings;
import dev.lakehouse.maintenance.expiry.SnapshotExpirer;
import dev.lakehouse.maintenance.lock.TableLease;
import dev.lakehouse.maintenance.orphans.LeftoverCleaner;
import dev.lakehouse.maintenance.orphans.ReachableFiles;
import dev.lakehouse.maintenance.run.RunOptions;
import dev.lakehouse.schemas.PersonalData;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.StreamSupport;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.exceptions.CommitStateUnknownException;
import org.apache.iceberg.util.SnapshotUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Erases the customers from one table beside the live sink, under the table's lease: rewrite the
 * live files that hold their rows without those rows (copy-on-write), commit, expire every snapshot
 * before that commit (the history holds the rows), so expiry deletes the old files; then delete
 * unreferenced files that hold their rows. Nothing it logs or reports names a customer.
 */
public final class TableErasure {
  private static final Logger LOG = LoggerFactory.getLogger(TableErasure.class);

  private final MaintenanceConfig config;
  private final RunOptions options;
  private final Clock clock;
  private final GroupCommitter.Sleeper sleeper;
  private final Map<PersonalData.Kind, Set<String>> marked;
  private final CustomerIds customers;

  public TableErasure(MaintenanceConfig config, RunOptions options, Clock clock, GroupCommitter.Sleeper sleeper,
      Map<PersonalData.Kind, Set<String>> marked, CustomerIds customers) {
    this.config = config;
    this.options = options;
    this.clock = clock;
    this.sleeper = sleeper;
    this.marked = marked;
    this.customers = customers;
  }

  /** Erases from {@code table}, named {@code name} ({@code namespace.table}) in reports and settings. */
  public TableErasureReport erase(String name, Table table) throws InterruptedException {
    long start = clock.millis();
    CustomerRows customerRows = new CustomerRows(table.schema(), marked, customers);
    if (!customerRows.searchable()) {
      return customerRows.dataColumns().isEmpty() ? TableErasureReport.notPersonal(name)
          : TableErasureReport.failed(name, "Cannot erase from " + name + ": it holds customer data "
              + customerRows.dataColumns() + " but no column the contracts mark customer-id, so its rows cannot be"
              + " told apart; add the customer id to the table (or mark the column in the contracts)", 0);
    }
    if (options.dryRun()) {
      return dryRun(name, table, customerRows, start);
    }
    TableLease.Attempt attempt = TableLease.acquire(table, options.owner(), options.runId(), config.lockTtl(),
        config.lockWait(), clock, () -> false);
    if (attempt.lease().isEmpty()) {
      return TableErasureReport.skipped(name, "held by " + attempt.heldBy().orElseThrow().owner());
    }
    TableLease lease = attempt.lease().get();
    try {
      attempt.expiredPredecessor().ifPresent(crashed -> LeftoverCleaner.clean(table, crashed.operationId(), false));
      return eraseHeld(name, table, lease, customerRows, start);
    } finally {
      lease.release();
    }
  }

  private TableErasureReport eraseHeld(String name, Table table, TableLease lease, CustomerRows customerRows,
      long start) throws InterruptedException {
    TaskSettings settings = config.settingsFor(name);
    ErasureCommitter committer = new ErasureCommitter(table, lease, settings.commitRetries(), settings.commitBackoff(),
        settings.commitBackoffMax(), sleeper);
    GroupRewriter rewriter = new GroupRewriter(table, lease.operationId());
    int outputGroup = 0;
    for (int replans = 0; ; replans++) {
      ErasurePlan plan = ErasurePlanner.plan(table, lease.startSnapshotId().orElse(null), customerRows);
      if (plan.startingSnapshotId() == null) {
        return finish(name, table, customerRows, plan, Set.of(), null, 0, start);
      }
      Set<DataFile> added = new HashSet<>();
      ErasureCommitter.Committed committed;
      try {
        for (List<FileScanTask> partition : plan.byPartition(table)) {
          lease.ensureHeld();
          added.addAll(rewriter.rewriteWithout(partition, customerRows, outputGroup++, settings.targetFileSizeBytes()));
        }
        committed = committer.commit(plan, added);
      } catch (CommitStateUnknownException e) {
        throw e; // the files may be committed: never delete them
      } catch (ErasureCommitter.ConcurrentChangeException e) {
        added.forEach(f -> table.io().deleteFile(f.location()));
        if (replans >= settings.commitRetries()) {
          throw e;
        }
        LOG.info("{}: {}; planning again from the current snapshot", name, e.getMessage());
        table.refresh();
        lease.restartFrom(table.currentSnapshot().snapshotId());
        continue;
      } catch (InterruptedException | RuntimeException e) {
        added.forEach(f -> table.io().deleteFile(f.location()));
        throw e;
      }
      LOG.info("{}: {} rows of {} in {} files rewritten into {} files, committed as snapshot {}", name,
          plan.customerRows(), customers, plan.files().size(), added.size(), committed.snapshotId());
      lease.restartFrom(committed.snapshotId());
      return finish(name, table, customerRows, plan, added, committed, replans, start);
    }
  }

  /** Expiry, then what must be gone is checked and any unreferenced file with the customers' rows removed. */
  private TableErasureReport finish(String name, Table table, CustomerRows customerRows, ErasurePlan plan,
      Set<DataFile> added, ErasureCommitter.Committed committed, int replans, long start) {
    List<String> errors = new ArrayList<>();
    int expired = 0;
    if (committed != null) {
      long appended = ErasurePlanner.appendedSince(table, plan.startingSnapshotId(), customerRows);
      if (appended > 0) {
        errors.add(appended + " rows of the customers were appended to " + name + " while the erasure ran (does a"
            + " source still produce them?): stop them at the source and run erase again");
      }
      expired = new SnapshotExpirer(clock).expire(table, Duration.ZERO, 1, 1, false).expiredSnapshotIds().size();
      List<Long> kept = snapshotsBefore(table, committed.snapshotId());
      if (!kept.isEmpty()) {
        errors.add("Cannot expire snapshots " + kept + " of " + name + " from before the erasure (a tag, a"
            + " branch or another run's lease keeps them): they may still hold the customers' rows; drop those"
            + " refs (or wait for that run) and run erase again");
      }
      deleteUnreferenced(table, plan.dataFiles());
    }
    UnreferencedCustomerFiles.Result unreferenced = UnreferencedCustomerFiles.clean(table, customerRows,
        clock.millis() - config.orphanSafetyFloor().toMillis(), false);
    if (!unreferenced.pending().isEmpty()) {
      errors.add(unreferenced.pending().size() + " unreferenced files of " + name + " younger than the orphan"
          + " safety floor hold the customers' rows (a commit may still be in flight and need them): run erase again"
          + " after the floor has passed (" + DurationFormat.format(config.orphanSafetyFloor()) + ")");
    }
    LOG.info("{}: {} snapshots expired, {} unreferenced files with rows of {} deleted{}", name, expired,
        unreferenced.deleted().size(), customers, errors.isEmpty() ? "" : "; not complete: " + errors);
    return new TableErasureReport(name,
        errors.isEmpty() ? TableErasureReport.Status.ERASED : TableErasureReport.Status.FAILED, null,
        customerRows.searchedColumns(), plan.customerRows(), plan.files().size(), added.size(),
        plan.danglingDeleteFiles().size(), expired, unreferenced.deleted().size(),
        committed == null ? 0 : committed.retries() + replans, errors, clock.millis() - start);
  }

  private TableErasureReport dryRun(String name, Table table, CustomerRows customerRows, long start) {
    table.refresh();
    Snapshot current = table.currentSnapshot();
    ErasurePlan plan = ErasurePlanner.plan(table, current == null ? null : current.snapshotId(), customerRows);
    UnreferencedCustomerFiles.Result unreferenced = UnreferencedCustomerFiles.clean(table, customerRows,
        clock.millis() - config.orphanSafetyFloor().toMillis(), true);
    int snapshots = current == null ? 0 : (int) StreamSupport.stream(table.snapshots().spliterator(), false).count();
    List<String> notes = unreferenced.pending().isEmpty() ? List.of() : List.of(unreferenced.pending().size()
        + " unreferenced files younger than the orphan safety floor hold the customers' rows and would be left");
    return new TableErasureReport(name, TableErasureReport.Status.ERASED, null, customerRows.searchedColumns(),
        plan.customerRows(), plan.files().size(), 0, plan.danglingDeleteFiles().size(), snapshots,
        unreferenced.deleted().size(), 0, notes, clock.millis() - start);
  }

  /** Snapshots that are not the erasure's commit or one committed after it on main. */
  private static List<Long> snapshotsBefore(Table table, long erasureSnapshotId) {
    table.refresh();
    Set<Long> since = new HashSet<>();
    for (Snapshot snapshot : SnapshotUtil.currentAncestors(table)) {
      since.add(snapshot.snapshotId());
      if (snapshot.snapshotId() == erasureSnapshotId) {
        break;
      }
    }
    List<Long> before = new ArrayList<>();
    table.snapshots().forEach(s -> {
      if (!since.contains(s.snapshotId())) {
        before.add(s.snapshotId());
      }
    });
    return before;
  }

  /** Files the erasure replaced that expiry could not delete (a failed delete leaves them behind). */
  private static void deleteUnreferenced(Table table, Set<DataFile> replaced) {
    Set<String> reachable = null;
    for (DataFile file : replaced) {
      if (table.io().newInputFile(file.location()).exists()) {
        reachable = reachable != null ? reachable : ReachableFiles.of(table);
        if (!reachable.contains(ReachableFiles.normalize(file.location()))) {
          table.io().deleteFile(file.location());
        }
      }
    }
  }
}
