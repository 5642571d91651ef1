import dev.lakehouse.local.embedded.EmbeddedS3;
import dev.lakehouse.local.stack.LocalCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.UUID;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * Development stand-in for the pipeline's storage side, for working on the dbt models without the
 * whole stack: the local stack's S3 server plus an Iceberg JDBC catalog (SQLite) with namespace
 * {@code lakehouse}. Java's JdbcCatalog creates the catalog tables, which Trino's JDBC catalog
 * cannot do itself. Runs until killed.
 *
 * <p>{@code sink-commit} stands in for the Iceberg sink's commit on tables seeded through Trino: an
 * append whose snapshot summary carries {@code kafka.connect.commit-id}, as the sink's does; it
 * prints {@code <table> <snapshot id> <commit time in epoch ms>} per table and exits.
 *
 * <p>Usage: {@code java -cp <local-stack classpath> DevServices.java <data-dir> <s3-port>}
 * <br>{@code java -cp <local-stack classpath> DevServices.java sink-commit <data-dir> <s3-endpoint> <table>...}
 */
public final class DevServices {
  public static void main(String[] args) throws Exception {
    if (args.length >= 4 && args[0].equals("sink-commit")) {
      sinkCommit(catalog(Path.of(args[1]).toAbsolutePath(), args[2]), Arrays.copyOfRange(args, 3, args.length));
      return;
    }
    if (args.length != 2) {
      System.err.println("usage: DevServices <data-dir> <s3-port> | DevServices sink-commit <data-dir> <s3-endpoint> <table>...");
      System.exit(2);
    }
    Path dataDir = Path.of(args[0]).toAbsolutePath();
    EmbeddedS3 s3 = EmbeddedS3.start(dataDir.resolve("s3"), Integer.parseInt(args[1]));
    Catalog catalog = catalog(dataDir, s3.endpoint());
    Namespace namespace = LocalCatalog.NAMESPACE;
    if (!((SupportsNamespaces) catalog).namespaceExists(namespace)) {
      ((SupportsNamespaces) catalog).createNamespace(namespace);
    }
    System.out.println("ready s3=" + s3.endpoint() + " catalog=jdbc:sqlite:" + dataDir.resolve("catalog/iceberg.db"));
    Thread.currentThread().join();
  }

  private static Catalog catalog(Path dataDir, String s3Endpoint) throws Exception {
    Path catalogDb = Files.createDirectories(dataDir.resolve("catalog")).resolve("iceberg.db");
    return CatalogUtil.buildIcebergCatalog(LocalCatalog.NAME, LocalCatalog.properties(catalogDb, s3Endpoint), null);
  }

  private static void sinkCommit(Catalog catalog, String[] tables) {
    for (String name : tables) {
      Table table = catalog.loadTable(TableIdentifier.parse(name));
      table.newAppend().set("kafka.connect.commit-id", UUID.randomUUID().toString()).commit();
      Snapshot snapshot = table.currentSnapshot();
      System.out.println(name + " " + snapshot.snapshotId() + " " + snapshot.timestampMillis());
    }
  }
}
