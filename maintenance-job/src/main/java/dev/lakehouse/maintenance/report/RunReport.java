package dev.lakehouse.maintenance.report;

import java.util.List;

/** One run over all selected tables. */
public record RunReport(String runId, long startedAtMs, long durationMs, boolean dryRun, List<TableReport> tables) {
  public RunReport {
    tables = List.copyOf(tables);
  }

  public boolean failed() {
    return tables.stream().anyMatch(t -> t.status() == TableReport.Status.FAILED);
  }
}
