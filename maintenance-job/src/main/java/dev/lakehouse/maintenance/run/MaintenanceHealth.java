package dev.lakehouse.maintenance.run;

import dev.lakehouse.maintenance.config.ConfigLoader;
import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.maintenance.config.TaskSettings;
import dev.lakehouse.maintenance.report.HealthScore;
import dev.lakehouse.maintenance.report.TableStats;
import dev.lakehouse.maintenance.report.TableStatsCollector;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;

/** Health of each selected table, read-only: what {@code maintenance-job health} prints and the local stack's status shows. */
public final class MaintenanceHealth {
  private MaintenanceHealth() {}

  public record TableHealth(String table, HealthScore health, TableStats stats) {}

  /** Reads the config file (with environment overrides) and scores every selected table. */
  public static List<TableHealth> check(Path configFile) {
    MaintenanceConfig config = ConfigLoader.load(configFile, System.getenv());
    Catalog catalog = CatalogFactory.create(config);
    try {
      return check(catalog, config, Clock.systemUTC());
    } finally {
      closeQuietly(catalog);
    }
  }

  public static List<TableHealth> check(Catalog catalog, MaintenanceConfig config, Clock clock) {
    List<TableHealth> result = new ArrayList<>();
    for (TableIdentifier id : TableSelector.select(catalog, config.tablePatterns())) {
      TaskSettings settings = config.settingsFor(id.toString());
      Table table = catalog.loadTable(id);
      TableStats stats = TableStatsCollector.collect(table, settings, clock.millis());
      result.add(new TableHealth(id.toString(), HealthScore.of(stats, settings.maxManifests()), stats));
    }
    return result;
  }

  public static String text(List<TableHealth> tables) {
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-36s %6s %8s %8s %9s %9s %10s %7s %5s %14s%n",
        "table", "health", "files", "small%", "avg MB", "manifests", "snapshots", "schema", "spec", "old-spec files"));
    for (TableHealth t : tables) {
      out.append(String.format(Locale.ROOT, "%-36s %6d %8d %8.0f %9.1f %9d %10d %7d %5d %14d%n", t.table(),
          t.health().score(), t.stats().dataFiles(), 100 * t.stats().smallFileShare(), t.stats().averageFileBytes() / 1e6,
          t.stats().manifests(), t.stats().snapshots(), t.stats().schemaId(), t.stats().specId(),
          t.stats().filesOnOldSpecs()));
    }
    return out.toString();
  }

  static void closeQuietly(Catalog catalog) {
    if (catalog instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception ignored) {
        // closing a catalog we only read from; nothing to recover
      }
    }
  }
}
