package dev.lakehouse.maintenance.run;

import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.maintenance.report.RunReport;
import dev.lakehouse.maintenance.report.TableReport;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;

/** One pass over every selected table; {@code ReportDelivery} takes its report to the operator. */
public final class MaintenanceRun {
  private final MaintenanceConfig config;
  private final Clock clock;
  private final BooleanSupplier stopRequested;

  public MaintenanceRun(MaintenanceConfig config, Clock clock, BooleanSupplier stopRequested) {
    this.config = config;
    this.clock = clock;
    this.stopRequested = stopRequested;
  }

  public RunReport run(Catalog catalog, boolean dryRun) throws InterruptedException {
    RunOptions options = RunOptions.create(dryRun);
    long start = clock.millis();
    List<TableIdentifier> tables = TableSelector.select(catalog, config.tablePatterns());
    TableMaintenance maintenance = new TableMaintenance(config, options, clock, stopRequested);
    List<TableReport> reports = new ArrayList<>();
    for (TableIdentifier id : tables) {
      if (stopRequested.getAsBoolean()) {
        reports.add(TableReport.skipped(id.toString(), "the run was stopped"));
        continue;
      }
      reports.add(maintenance.maintain(catalog, id));
    }
    return new RunReport(options.runId(), start, clock.millis() - start, dryRun, reports);
  }
}
