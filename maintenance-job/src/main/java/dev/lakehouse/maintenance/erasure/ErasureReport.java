package dev.lakehouse.maintenance.erasure;

import java.util.List;
import java.util.Locale;

/** One erasure over every selected table, and its rendering for people. It names customers by pseudonym only. */
public record ErasureReport(String runId, String customers, boolean dryRun, long durationMs,
    List<TableErasureReport> tables) {
  public ErasureReport {
    tables = List.copyOf(tables);
  }

  public boolean complete() {
    return tables.stream().allMatch(TableErasureReport::complete);
  }

  public String text() {
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "erasure %s of %s%s: %d tables in %.1f s%n",
        runId, customers, dryRun ? " (dry run: nothing changed, figures are what it would do)" : "", tables.size(),
        durationMs / 1000.0));
    out.append(String.format(Locale.ROOT, "%-36s %-12s %9s %9s %9s %9s %9s %12s%n", "table", "status", "rows",
        "rewritten", "written", "deletes", "expired", "unreferenced"));
    for (TableErasureReport t : tables) {
      if (t.status() == TableErasureReport.Status.NOT_PERSONAL) {
        out.append(String.format(Locale.ROOT, "%-36s %-12s %s%n", t.table(), t.status(), t.note()));
        continue;
      }
      out.append(String.format(Locale.ROOT, "%-36s %-12s %9d %9d %9d %9d %9d %12d%n", t.table(), t.status(),
          t.customerRows(), t.filesRewritten(), t.filesWritten(), t.deleteFilesRemoved(), t.snapshotsExpired(),
          t.unreferencedFilesDeleted()));
      if (!t.searchedColumns().isEmpty()) {
        out.append("    searched: ").append(String.join(", ", t.searchedColumns())).append('\n');
      }
      t.errors().forEach(e -> out.append("    error: ").append(e).append('\n'));
    }
    out.append(complete()
        ? (dryRun ? "nothing changed (dry run)\n" : "complete: no table row or file under the tables holds the customers' rows\n")
        : "NOT complete: see the errors above, then run erase again\n");
    return out.toString();
  }
}
