package dev.lakehouse.connect.tables;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.catalog.Catalog;

/** Opens the catalog a connector config names, from the same {@code iceberg.catalog.*} properties. */
public final class Catalogs {
  private static final String PREFIX = "iceberg.catalog.";
  // the sink's default catalog name (IcebergSinkConfig) when iceberg.catalog is not set
  private static final String DEFAULT_NAME = "iceberg";
  private static final String SQLITE = "jdbc:sqlite:";

  private Catalogs() {}

  /** @param config a connector config whose provider references are already resolved */
  public static Catalog open(Map<String, String> config) {
    Map<String, String> properties = new TreeMap<>();
    config.forEach((key, value) -> {
      if (key.startsWith(PREFIX)) {
        properties.put(key.substring(PREFIX.length()), value);
      }
    });
    createSqliteFolder(properties.get("uri"));
    return CatalogUtil.buildIcebergCatalog(config.getOrDefault("iceberg.catalog", DEFAULT_NAME), properties, null);
  }

  /** Opens the config's catalog, applies {@code work} to it and closes it. */
  public static <T> T withCatalog(Map<String, String> config, Function<Catalog, T> work) {
    Catalog catalog = open(config);
    try {
      return work.apply(catalog);
    } finally {
      if (catalog instanceof Closeable closeable) {
        try {
          closeable.close();
        } catch (IOException e) {
          throw new UncheckedIOException("Cannot close the catalog: " + e.getMessage(), e);
        }
      }
    }
  }

  /** SQLite creates its file but not the folder; on a fresh local stack the folder is missing. */
  private static void createSqliteFolder(String uri) {
    if (uri == null || !uri.startsWith(SQLITE)) {
      return;
    }
    Path parent = Path.of(uri.substring(SQLITE.length())).toAbsolutePath().getParent();
    try {
      Files.createDirectories(parent);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create the folder of the SQLite catalog " + parent + ": " + e.getMessage(), e);
    }
  }
}
