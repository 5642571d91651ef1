package dev.lakehouse.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;

/** The local Iceberg catalog: JDBC on a SQLite file, tables on the embedded S3 server. */
public final class LocalCatalog {
  public static final String NAME = "lakehouse";
  public static final Namespace NAMESPACE = Namespace.of("lakehouse");
  public static final String WAREHOUSE = "s3://" + EmbeddedS3.BUCKET + "/warehouse";

  private LocalCatalog() {}

  public static Map<String, String> properties(Path catalogFile, String s3Endpoint) {
    return Map.ofEntries(
        Map.entry("type", "jdbc"),
        Map.entry("uri", jdbcUri(catalogFile)),
        Map.entry("jdbc.schema-version", "V1"),
        Map.entry("warehouse", WAREHOUSE),
        Map.entry("io-impl", "org.apache.iceberg.aws.s3.S3FileIO"),
        Map.entry("s3.endpoint", s3Endpoint),
        Map.entry("s3.path-style-access", "true"),
        Map.entry("s3.access-key-id", EmbeddedS3.ACCESS_KEY),
        Map.entry("s3.secret-access-key", EmbeddedS3.SECRET_KEY),
        Map.entry("client.region", EmbeddedS3.REGION),
        Map.entry("http-client.type", "urlconnection"));
  }

  public static String jdbcUri(Path catalogFile) {
    return "jdbc:sqlite:" + catalogFile.toAbsolutePath();
  }

  public static Catalog open(Path catalogFile, String s3Endpoint) {
    return CatalogUtil.buildIcebergCatalog(NAME, properties(catalogFile, s3Endpoint), null);
  }

  /**
   * Creates the catalog tables (Trino's JDBC catalog cannot) and the namespace, once; later calls
   * change nothing.
   */
  public static void initialize(Path catalogFile, String s3Endpoint) throws Exception {
    Files.createDirectories(catalogFile.toAbsolutePath().getParent());
    Catalog catalog = open(catalogFile, s3Endpoint);
    try {
      SupportsNamespaces namespaces = (SupportsNamespaces) catalog;
      if (!namespaces.namespaceExists(NAMESPACE)) {
        namespaces.createNamespace(NAMESPACE);
      }
    } finally {
      if (catalog instanceof AutoCloseable closeable) {
        closeable.close();
      }
    }
  }
}
