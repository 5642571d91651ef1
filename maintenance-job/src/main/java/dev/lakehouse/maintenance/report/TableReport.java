package dev.lakehouse.maintenance.report;

import dev.lakehouse.maintenance.compaction.CompactionResult;
import dev.lakehouse.maintenance.expiry.SnapshotExpirer;
import dev.lakehouse.maintenance.manifests.ManifestRewriter;
import dev.lakehouse.maintenance.orphans.OrphanCleaner;
import java.util.List;

/** What one run did to one table. Task results are null when the task was off or did not run. */
public record TableReport(
    String table,
    Status status,
    String skipReason,
    TableStats before,
    TableStats after,
    HealthScore health,
    String compactionPlan,
    CompactionResult compaction,
    ManifestRewriter.Result manifests,
    SnapshotExpirer.Result expiry,
    OrphanCleaner.Result orphans,
    List<String> leftoversDeleted,
    List<String> errors,
    long durationMs) {

  public enum Status { OK, FAILED, SKIPPED }

  public static TableReport skipped(String table, String reason) {
    return new TableReport(table, Status.SKIPPED, reason, null, null, null, null, null, null, null, null,
        List.of(), List.of(), 0);
  }

  public static TableReport failed(String table, String error, long durationMs) {
    return new TableReport(table, Status.FAILED, null, null, null, null, null, null, null, null, null,
        List.of(), List.of(error), durationMs);
  }
}
