package dev.lakehouse.connect.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The catalog a connector config names, opened as Iceberg's InMemoryCatalog through catalog-impl. */
class CatalogsTest {
  @TempDir Path dir;

  @Test
  void theCatalogGetsTheIcebergCatalogSettingsWithoutTheirPrefixAndTheSinksDefaultName() {
    Map<String, String> config = Map.of(
        "iceberg.catalog.catalog-impl", RecordingCatalog.class.getName(),
        "iceberg.catalog.warehouse", "memory://warehouse",
        "iceberg.tables", "lakehouse.orders_enriched",
        "topics", "orders-enriched");

    Catalog catalog = Catalogs.open(config);

    assertThat(catalog).isInstanceOf(RecordingCatalog.class);
    assertThat(catalog.name()).isEqualTo("iceberg");
    assertThat(((RecordingCatalog) catalog).settings()).isEqualTo(Map.of(
        "catalog-impl", RecordingCatalog.class.getName(),
        "warehouse", "memory://warehouse"));
  }

  @Test
  void theCatalogIsNamedAsTheConfigNamesIt() {
    Catalog catalog = Catalogs.open(Map.of(
        "iceberg.catalog", "lakehouse_catalog",
        "iceberg.catalog.catalog-impl", InMemoryCatalog.class.getName()));

    assertThat(catalog.name()).isEqualTo("lakehouse_catalog");
  }

  @Test
  void theFolderOfASqliteCatalogIsCreated() {
    Path folder = dir.resolve("fresh-stack").resolve("catalog");

    Catalogs.open(Map.of(
        "iceberg.catalog.catalog-impl", InMemoryCatalog.class.getName(),
        "iceberg.catalog.uri", "jdbc:sqlite:" + folder.resolve("iceberg.db")));

    assertThat(folder).isDirectory();
  }

  /** Loaded by class name, as the config's catalog-impl names it; keeps the settings it was given. */
  public static final class RecordingCatalog extends InMemoryCatalog {
    Map<String, String> settings() {
      return properties();
    }
  }
}
