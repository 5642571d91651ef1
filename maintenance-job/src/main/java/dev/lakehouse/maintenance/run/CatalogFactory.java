package dev.lakehouse.maintenance.run;

import dev.lakehouse.maintenance.config.ConfigException;
import dev.lakehouse.maintenance.config.MaintenanceConfig;
import java.util.Map;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.catalog.Catalog;

/** Builds the Iceberg catalog (JDBC locally, Glue in production) from the config's catalog properties. */
public final class CatalogFactory {
  private CatalogFactory() {}

  public static Catalog create(MaintenanceConfig config) {
    Map<String, String> properties = config.catalogProperties();
    if (!properties.containsKey(CatalogUtil.ICEBERG_CATALOG_TYPE) && !properties.containsKey("catalog-impl")) {
      throw new ConfigException("Cannot configure the catalog: set 'catalog.properties.type' (jdbc, glue, ...)"
          + " or 'catalog.properties.catalog-impl'");
    }
    try {
      return CatalogUtil.buildIcebergCatalog(config.catalogName(), properties, null);
    } catch (RuntimeException e) {
      throw new ConfigException("Cannot connect to catalog '" + config.catalogName() + "' with properties "
          + config.catalogPropertiesForDisplay() + ": " + rootMessage(e), e);
    }
  }

  public static String rootMessage(Throwable e) {
    Throwable cause = e;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    return cause == e ? String.valueOf(e.getMessage()) : e.getMessage() + " (" + cause + ")";
  }
}
