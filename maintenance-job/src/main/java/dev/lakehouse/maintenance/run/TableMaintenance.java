package dev.lakehouse.maintenance.run;

import dev.lakehouse.conventions.DurationFormat;
import dev.lakehouse.maintenance.compaction.CompactionResult;
import dev.lakehouse.maintenance.compaction.CompactionTask;
import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.maintenance.config.TaskSettings;
import dev.lakehouse.maintenance.expiry.SnapshotExpirer;
import dev.lakehouse.maintenance.lock.TableLease;
import dev.lakehouse.maintenance.manifests.ManifestRewriter;
import dev.lakehouse.maintenance.orphans.LeftoverCleaner;
import dev.lakehouse.maintenance.orphans.OrphanCleaner;
import dev.lakehouse.maintenance.report.HealthScore;
import dev.lakehouse.maintenance.report.ObjectStoreHint;
import dev.lakehouse.maintenance.report.TableReport;
import dev.lakehouse.maintenance.report.TableStats;
import dev.lakehouse.maintenance.report.TableStatsCollector;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Maintains one table: take the lease, clean a crashed run's leftovers, run each enabled task, report. */
public final class TableMaintenance {
  private static final Logger LOG = LoggerFactory.getLogger(TableMaintenance.class);

  private final MaintenanceConfig config;
  private final RunOptions options;
  private final Clock clock;
  private final BooleanSupplier stopRequested;

  public TableMaintenance(MaintenanceConfig config, RunOptions options, Clock clock, BooleanSupplier stopRequested) {
    this.config = config;
    this.options = options;
    this.clock = clock;
    this.stopRequested = stopRequested;
  }

  public TableReport maintain(Catalog catalog, TableIdentifier id) throws InterruptedException {
    long start = clock.millis();
    TaskSettings settings = config.settingsFor(id.toString());
    Table table;
    try {
      table = catalog.loadTable(id);
    } catch (NoSuchTableException e) {
      return TableReport.failed(id.toString(), "Cannot maintain " + id + ": the table does not exist", 0);
    } catch (RuntimeException e) {
      return TableReport.failed(id.toString(), describe("Cannot load " + id, e), 0);
    }
    TableStats before;
    try {
      before = TableStatsCollector.collect(table, settings, clock.millis());
    } catch (RuntimeException e) {
      return TableReport.failed(id.toString(), describe("Cannot read the current files of " + id, e),
          clock.millis() - start);
    }
    if (options.dryRun()) {
      return dryRun(table, settings, before, start);
    }
    TableLease lease;
    TableLease.Attempt attempt;
    try {
      attempt = TableLease.acquire(table, options.owner(), options.runId(), config.lockTtl(), config.lockWait(), clock,
          stopRequested);
    } catch (RuntimeException e) {
      return TableReport.failed(id.toString(), ObjectStoreHint.appendTo("Cannot take the maintenance lease on " + id
          + ": " + CatalogFactory.rootMessage(e), e, " (does the job have write permission on the table?)"),
          clock.millis() - start);
    }
    if (attempt.lease().isEmpty()) {
      TableLease.Holder holder = attempt.heldBy().orElseThrow();
      return TableReport.skipped(id.toString(), "held by " + holder.owner() + " until "
          + Instant.ofEpochMilli(holder.expiresAtMs()));
    }
    lease = attempt.lease().get();
    List<String> errors = new ArrayList<>();
    List<String> leftovers = List.of();
    CompactionResult compaction = null;
    ManifestRewriter.Result manifests = null;
    SnapshotExpirer.Result expiry = null;
    OrphanCleaner.Result orphans = null;
    try {
      if (attempt.expiredPredecessor().isPresent()) {
        String crashed = attempt.expiredPredecessor().get().operationId();
        LOG.warn("{}: the previous run {} did not release its lease; removing its uncommitted files", id, crashed);
        leftovers = java.util.Objects.requireNonNullElse(
            task(errors, "clean up after crashed run", () -> LeftoverCleaner.clean(table, crashed, false)), List.of());
      }
      if (settings.compactionEnabled()) {
        CompactionTask compactionTask = new CompactionTask(clock, d -> Thread.sleep(d.toMillis()), stopRequested);
        compaction = task(errors, "compact", () -> compactionTask.run(table, settings, lease));
        if (compaction != null) {
          errors.addAll(compaction.errors());
        }
      }
      if (settings.manifestsEnabled() && !stopRequested.getAsBoolean()) {
        manifests = task(errors, "rewrite manifests", () -> {
          lease.ensureHeld();
          return ManifestRewriter.rewriteIfNeeded(table, settings.maxManifests(), false);
        });
      }
      if (settings.expiryEnabled() && !stopRequested.getAsBoolean()) {
        expiry = task(errors, "expire snapshots", () -> {
          lease.ensureHeld();
          return new SnapshotExpirer(clock).expire(table, settings.maxSnapshotAge(), settings.minSnapshots(),
              settings.maxSnapshots(), false);
        });
      }
      if (settings.orphansEnabled() && !stopRequested.getAsBoolean()) {
        orphans = task(errors, "delete orphan files", () -> {
          lease.ensureHeld();
          return new OrphanCleaner(clock).clean(table, orphanMinAge(table, settings), false);
        });
      }
    } finally {
      task(errors, "release the maintenance lease", () -> {
        lease.release();
        return null;
      });
    }
    TableStats after = task(errors, "read the files after maintenance",
        () -> TableStatsCollector.collect(table, settings, clock.millis()));
    return new TableReport(id.toString(), errors.isEmpty() ? TableReport.Status.OK : TableReport.Status.FAILED, null,
        before, after, after == null ? null : HealthScore.of(after, settings.maxManifests()), null, compaction,
        manifests, expiry, orphans, leftovers, errors, clock.millis() - start);
  }

  private TableReport dryRun(Table table, TaskSettings settings, TableStats before, long start) {
    List<String> errors = new ArrayList<>();
    String plan = settings.compactionEnabled()
        ? task(errors, "plan compaction", () -> new CompactionTask(clock, d -> { }, stopRequested).plan(table, settings).describe())
        : null;
    ManifestRewriter.Result manifests = settings.manifestsEnabled()
        ? task(errors, "check manifests", () -> ManifestRewriter.rewriteIfNeeded(table, settings.maxManifests(), true)) : null;
    SnapshotExpirer.Result expiry = settings.expiryEnabled()
        ? task(errors, "plan expiry", () -> new SnapshotExpirer(clock).expire(table, settings.maxSnapshotAge(),
            settings.minSnapshots(), settings.maxSnapshots(), true))
        : null;
    OrphanCleaner.Result orphans = settings.orphansEnabled()
        ? task(errors, "list orphan files", () -> new OrphanCleaner(clock).clean(table, orphanMinAge(table, settings), true)) : null;
    return new TableReport(table.name(), errors.isEmpty() ? TableReport.Status.OK : TableReport.Status.FAILED, null,
        before, before, HealthScore.of(before, settings.maxManifests()), plan, null, manifests, expiry, orphans,
        List.of(), errors, clock.millis() - start);
  }

  /**
   * The configured minimum age, raised to the floor of the sink cadence the table records: a table
   * whose connector commits less often than this config assumed keeps its in-flight files longer.
   */
  private Duration orphanMinAge(Table table, TaskSettings settings) {
    Duration floor = config.orphanSafetyFloor(table.properties());
    if (settings.orphanMinAge().compareTo(floor) >= 0) {
      return settings.orphanMinAge();
    }
    LOG.warn("{}: orphans.min-age {} is below the floor {} of the sink cadence the table records; using {}",
        table.name(), DurationFormat.format(settings.orphanMinAge()), DurationFormat.format(floor), DurationFormat.format(floor));
    return floor;
  }

  private static String describe(String action, Exception e) {
    return ObjectStoreHint.appendTo(action + ": " + CatalogFactory.rootMessage(e), e);
  }

  private static <T> T task(List<String> errors, String name, Callable<T> body) {
    long start = System.nanoTime();
    try {
      T result = body.call();
      LOG.info("{}: done in {} ms", name, (System.nanoTime() - start) / 1_000_000);
      return result;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      errors.add("Cannot " + name + ": interrupted");
    } catch (Exception e) {
      LOG.error("Cannot {}", name, e);
      errors.add(describe("Cannot " + name, e));
    }
    return null;
  }
}
