package dev.lakehouse.e2e.harness;

import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.Values;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;

/** Reads the landed tables with the Iceberg Java API through the stack's JDBC catalog and S3FileIO. */
public final class IcebergTables implements RowSource, AutoCloseable {
  private final Catalog catalog;
  private final String namespace;

  /** The tables of namespace {@code lakehouse}. */
  public IcebergTables(Map<String, String> catalogProperties) {
    this(catalogProperties, "lakehouse");
  }

  /** The tables of another namespace, e.g. a replay's. */
  public IcebergTables(Map<String, String> catalogProperties, String namespace) {
    this.catalog = CatalogUtil.buildIcebergCatalog("lakehouse", catalogProperties, null);
    this.namespace = namespace;
  }

  public Table load(OutputTable table) {
    return load(table.tableName());
  }

  public Table load(String tableName) {
    return catalog.loadTable(TableIdentifier.of(namespace, tableName));
  }

  /** Rows of the current snapshot per its summary (cheap: no data file is read); 0 before the first commit. */
  @Override
  public long rowCount(OutputTable table) {
    return rowCount(table.tableName());
  }

  /** Rows of a table of the namespace, by its name, as {@link #rowCount(OutputTable)}. */
  public long rowCount(String tableName) {
    Snapshot snapshot = load(tableName).currentSnapshot();
    return snapshot == null ? 0 : Long.parseLong(snapshot.summary().getOrDefault("total-records", "0"));
  }

  /** Every row of the table, each as column name to {@link Values#normalize normalized} value. */
  @Override
  public List<Map<String, Object>> rows(OutputTable table) {
    return rows(table.tableName());
  }

  /** Every row of a table of the namespace, by its name, as {@link #rows(OutputTable)}. */
  public List<Map<String, Object>> rows(String tableName) {
    Table loaded = load(tableName);
    List<Map<String, Object>> rows = new ArrayList<>();
    List<Types.NestedField> columns = loaded.schema().columns();
    try (CloseableIterable<Record> records = IcebergGenerics.read(loaded).build()) {
      for (Record record : records) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (Types.NestedField column : columns) {
          row.put(column.name(), Values.normalize(record.getField(column.name())));
        }
        rows.add(row);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read table " + tableName + ": " + e.getMessage(), e);
    }
    return rows;
  }

  @Override
  public void close() throws Exception {
    if (catalog instanceof AutoCloseable closeable) {
      closeable.close();
    }
  }
}
