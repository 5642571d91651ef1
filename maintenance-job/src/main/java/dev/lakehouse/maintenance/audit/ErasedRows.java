package dev.lakehouse.maintenance.audit;

import org.apache.iceberg.Table;

/**
 * How many rows the maintenance job's erasures removed from a table, kept as a table property (it
 * outlives the erasures' snapshots): the audit does not call rows an erasure removed lost.
 */
public final class ErasedRows {
  public static final String PROPERTY = "lakehouse.erased-rows";

  private ErasedRows() {}

  public static long of(Table table) {
    return Long.parseLong(table.properties().getOrDefault(PROPERTY, "0"));
  }
}
