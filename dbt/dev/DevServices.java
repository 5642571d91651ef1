import dev.lakehouse.testkit.EmbeddedS3;
import dev.lakehouse.testkit.LocalCatalog;
import dev.lakehouse.testkit.WarehouseLayout;
import java.nio.file.Path;

/**
 * Development stand-in for the pipeline's storage side, for working on the dbt models without the
 * whole stack: testkit's S3 server plus the local Iceberg JDBC catalog (SQLite) with namespace
 * {@code lakehouse}, laid out as the local stack does. Java's JdbcCatalog creates the catalog
 * tables, which Trino's JDBC catalog cannot do itself. Runs until killed.
 *
 * <p>Usage: {@code java -cp <testkit classpath> DevServices.java <data-dir> <s3-port>}
 */
public final class DevServices {
  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: DevServices <data-dir> <s3-port>");
      System.exit(2);
    }
    WarehouseLayout layout = new WarehouseLayout(Path.of(args[0]).toAbsolutePath());
    EmbeddedS3 s3 = EmbeddedS3.start(layout.s3Dir(), Integer.parseInt(args[1]));
    LocalCatalog.initialize(layout.catalogFile(), s3.endpoint());
    System.out.println("ready s3=" + s3.endpoint() + " catalog=" + LocalCatalog.jdbcUri(layout.catalogFile()));
    Thread.currentThread().join();
  }
}
