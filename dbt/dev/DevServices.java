import dev.lakehouse.testkit.EmbeddedS3;
import dev.lakehouse.testkit.LocalCatalog;
import dev.lakehouse.testkit.WarehouseLayout;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.UUID;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * Development stand-in for the pipeline's storage side, for working on the dbt models without the
 * whole stack: testkit's S3 server plus the local Iceberg JDBC catalog (SQLite) with namespace
 * {@code lakehouse}, laid out as the local stack does. Java's JdbcCatalog creates the catalog
 * tables, which Trino's JDBC catalog cannot do itself. Runs until killed.
 *
 * <p>{@code sink-commit} stands in for the Iceberg sink's commit on tables seeded through Trino: an
 * append whose snapshot summary carries {@code kafka.connect.commit-id}, as the sink's does; it
 * prints {@code <table> <snapshot id> <commit time in epoch ms>} per table and exits.
 *
 * <p>Usage: {@code java -cp <testkit classpath> DevServices.java <data-dir> <s3-port>}
 * <br>{@code java -cp <testkit classpath> DevServices.java sink-commit <data-dir> <s3-endpoint> <table>...}
 */
public final class DevServices {
  public static void main(String[] args) throws Exception {
    if (args.length >= 4 && args[0].equals("sink-commit")) {
      WarehouseLayout layout = new WarehouseLayout(Path.of(args[1]).toAbsolutePath());
      sinkCommit(LocalCatalog.open(layout.catalogFile(), args[2]), Arrays.copyOfRange(args, 3, args.length));
      return;
    }
    if (args.length != 2) {
      System.err.println("usage: DevServices <data-dir> <s3-port> | DevServices sink-commit <data-dir> <s3-endpoint> <table>...");
      System.exit(2);
    }
    WarehouseLayout layout = new WarehouseLayout(Path.of(args[0]).toAbsolutePath());
    EmbeddedS3 s3 = EmbeddedS3.start(layout.s3Dir(), Integer.parseInt(args[1]));
    LocalCatalog.initialize(layout.catalogFile(), s3.endpoint());
    System.out.println("ready s3=" + s3.endpoint() + " catalog=" + LocalCatalog.jdbcUri(layout.catalogFile()));
    Thread.currentThread().join();
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
