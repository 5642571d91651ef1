package dev.lakehouse.local.status;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotSummary;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;

/** The last commit of each table: snapshot id, time, age and row count from the snapshot summary. */
public final class IcebergStats {
  private IcebergStats() {}

  public static List<StackStatus.Table> read(Map<String, String> catalogProperties, Namespace namespace,
      List<String> tables, Instant now) throws Exception {
    Catalog catalog = CatalogUtil.buildIcebergCatalog("lakehouse", catalogProperties, null);
    try {
      return read(catalog, namespace, tables, now);
    } finally {
      if (catalog instanceof AutoCloseable closeable) {
        closeable.close();
      }
    }
  }

  /** The tables of {@code catalog} (which the caller closes), in the order of {@code tables}. */
  static List<StackStatus.Table> read(Catalog catalog, Namespace namespace, List<String> tables, Instant now) {
    List<StackStatus.Table> result = new ArrayList<>();
    for (String name : tables) {
      TableIdentifier id = TableIdentifier.of(namespace, name);
      if (!catalog.tableExists(id)) {
        result.add(new StackStatus.Table(name, false, null, null, null, null));
        continue;
      }
      result.add(describe(name, catalog.loadTable(id), now));
    }
    return result;
  }

  static StackStatus.Table describe(String name, Table table, Instant now) {
    Snapshot snapshot = table.currentSnapshot();
    if (snapshot == null) {
      return new StackStatus.Table(name, true, null, null, null, null);
    }
    Instant committed = Instant.ofEpochMilli(snapshot.timestampMillis());
    String totalRecords = snapshot.summary().get(SnapshotSummary.TOTAL_RECORDS_PROP);
    return new StackStatus.Table(name, true, snapshot.snapshotId(), committed.toString(),
        Math.max(0, Duration.between(committed, now).toSeconds()),
        totalRecords == null ? null : Long.parseLong(totalRecords));
  }
}
