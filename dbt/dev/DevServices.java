import dev.lakehouse.local.embedded.EmbeddedS3;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;

/**
 * Development stand-in for the pipeline's storage side, for working on the dbt models without the
 * whole stack: the local stack's S3 server plus an Iceberg JDBC catalog (SQLite) with namespace
 * {@code lakehouse}. Java's JdbcCatalog creates the catalog tables, which Trino's JDBC catalog
 * cannot do itself. Runs until killed.
 *
 * <p>Usage: {@code java -cp <local-stack classpath> DevServices.java <data-dir> <s3-port>}
 */
public final class DevServices {
  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: DevServices <data-dir> <s3-port>");
      System.exit(2);
    }
    Path dataDir = Path.of(args[0]).toAbsolutePath();
    Path catalogDb = Files.createDirectories(dataDir.resolve("catalog")).resolve("iceberg.db");
    EmbeddedS3 s3 = EmbeddedS3.start(dataDir.resolve("s3"), Integer.parseInt(args[1]));
    Catalog catalog =
        CatalogUtil.buildIcebergCatalog(
            "lakehouse",
            Map.ofEntries(
                Map.entry("type", "jdbc"),
                Map.entry("uri", "jdbc:sqlite:" + catalogDb),
                Map.entry("jdbc.schema-version", "V1"),
                Map.entry("warehouse", "s3://lakehouse/warehouse"),
                Map.entry("io-impl", "org.apache.iceberg.aws.s3.S3FileIO"),
                Map.entry("s3.endpoint", s3.endpoint()),
                Map.entry("s3.path-style-access", "true"),
                Map.entry("s3.access-key-id", s3.accessKey()),
                Map.entry("s3.secret-access-key", s3.secretKey()),
                Map.entry("client.region", EmbeddedS3.REGION),
                Map.entry("http-client.type", "urlconnection")),
            null);
    Namespace namespace = Namespace.of("lakehouse");
    if (!((SupportsNamespaces) catalog).namespaceExists(namespace)) {
      ((SupportsNamespaces) catalog).createNamespace(namespace);
    }
    System.out.println("ready s3=" + s3.endpoint() + " catalog=jdbc:sqlite:" + catalogDb);
    Thread.currentThread().join();
  }
}
