package dev.lakehouse.maintenance.erasure;

import dev.lakehouse.maintenance.compaction.GroupCommitter;
import dev.lakehouse.maintenance.config.ConfigException;
import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.maintenance.run.CatalogFactory;
import dev.lakehouse.maintenance.run.RunOptions;
import dev.lakehouse.maintenance.run.TableSelector;
import dev.lakehouse.schemas.PersonalData;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Erases customers from every table {@code erasure.tables} selects, pattern by pattern in the
 * order given (the landed tables before the marts, so a dbt run in between cannot bring their rows
 * back from a landed table not yet erased).
 */
public final class Erasure {
  private static final Logger LOG = LoggerFactory.getLogger(Erasure.class);

  private final MaintenanceConfig config;
  private final Clock clock;
  private final GroupCommitter.Sleeper sleeper;

  public Erasure(MaintenanceConfig config, Clock clock, GroupCommitter.Sleeper sleeper) {
    this.config = config;
    this.clock = clock;
    this.sleeper = sleeper;
  }

  public ErasureReport erase(Catalog catalog, CustomerIds customers, boolean dryRun) throws InterruptedException {
    long start = clock.millis();
    RunOptions options = RunOptions.create(dryRun);
    Set<TableIdentifier> tables = new LinkedHashSet<>();
    for (String pattern : config.erasureTablePatterns()) {
      try {
        tables.addAll(TableSelector.select(catalog, List.of(pattern)));
      } catch (ConfigException e) {
        throw new ConfigException(e.getMessage() + "; erase searches '" + pattern + "' as '"
            + MaintenanceConfig.ERASURE_TABLES + "' (or --tables) says: leave it out if nothing lives there yet"
            + " (the dbt marts never built, say)", e);
      }
    }
    LOG.info("erasure {} of {}{}: {} tables", options.runId(), customers, dryRun ? " (dry run)" : "", tables.size());
    TableErasure erasure = new TableErasure(config, options, clock, sleeper, PersonalData.fieldNames(), customers);
    List<TableErasureReport> reports = new ArrayList<>();
    for (TableIdentifier id : tables) {
      long tableStart = clock.millis();
      try {
        Table table = catalog.loadTable(id);
        reports.add(erasure.erase(id.toString(), table));
      } catch (RuntimeException e) {
        // a message from elsewhere may quote a value: the stack trace goes to debug, the redacted message to the report
        String message = "Cannot erase from " + id + ": " + customers.redact(CatalogFactory.rootMessage(e));
        LOG.error(message);
        LOG.debug("Cannot erase from {}", id, e);
        reports.add(TableErasureReport.failed(id.toString(), message, clock.millis() - tableStart));
      }
    }
    return new ErasureReport(options.runId(), customers.describe(), dryRun, clock.millis() - start, reports);
  }
}
