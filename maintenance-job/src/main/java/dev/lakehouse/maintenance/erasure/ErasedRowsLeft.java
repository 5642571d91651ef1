package dev.lakehouse.maintenance.erasure;

import dev.lakehouse.maintenance.run.TableSelector;
import dev.lakehouse.schemas.PersonalData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * Which tables still hold rows of customers erased before: the live data files are read as an
 * erasure plans (only the searched columns, deleted rows included, since they are still in the bytes).
 * A replay holds them again after re-reading the input topics; so may a restored table. Read-only.
 */
public final class ErasedRowsLeft {
  /** A table holding {@code rows} rows of the customers in its live files. */
  public record Held(String table, long rows) {}

  private ErasedRowsLeft() {}

  public static List<Held> find(Catalog catalog, List<String> tablePatterns, CustomerIds customers) {
    Map<PersonalData.Kind, Set<String>> marked = PersonalData.fieldNames();
    List<Held> held = new ArrayList<>();
    for (TableIdentifier id : TableSelector.select(catalog, tablePatterns)) {
      Table table = catalog.loadTable(id);
      CustomerRows rows = new CustomerRows(table.schema(), marked, customers);
      Snapshot current = table.currentSnapshot();
      if (!rows.searchable() || current == null) {
        continue;
      }
      long count = ErasurePlanner.plan(table, current.snapshotId(), rows).customerRows();
      if (count > 0) {
        held.add(new Held(id.toString(), count));
      }
    }
    return held;
  }
}
