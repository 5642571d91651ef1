package dev.lakehouse.maintenance.cli;

import dev.lakehouse.maintenance.config.ConfigLoader;
import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.maintenance.run.CatalogFactory;
import java.nio.file.Path;
import java.util.List;
import org.apache.iceberg.catalog.Catalog;

/** A command's config file (environment overrides applied, {@code --tables} over its patterns) and its catalog, closed with it. */
record JobCatalog(MaintenanceConfig settings, Catalog catalog) implements AutoCloseable {

  /** @param tables the command's {@code --tables}, or null/empty to keep the file's */
  static JobCatalog open(Path config, List<String> tables) {
    MaintenanceConfig settings = ConfigLoader.load(config, System.getenv());
    if (tables != null && !tables.isEmpty()) {
      settings = settings.withTablePatterns(tables);
    }
    return new JobCatalog(settings, CatalogFactory.create(settings));
  }

  @Override
  public void close() throws Exception {
    if (catalog instanceof AutoCloseable closeable) {
      closeable.close();
    }
  }
}
