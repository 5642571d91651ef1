package dev.lakehouse.maintenance.erasure;

import java.util.List;

/** What an erasure did to one table (or, in a dry run, would do). It names no customer. */
public record TableErasureReport(
    String table,
    Status status,
    String note,
    List<String> searchedColumns,
    long customerRows,
    int filesRewritten,
    int filesWritten,
    int deleteFilesRemoved,
    int snapshotsExpired,
    int unreferencedFilesDeleted,
    int commitRetries,
    List<String> errors,
    long durationMs) {

  public enum Status {
    /** Every row of the customers is gone from the table and its files (or, in a dry run, the plan was made). */
    ERASED,
    /** No column of the table holds a customer id or customer data: nothing to do. */
    NOT_PERSONAL,
    /** Another run holds the table's lease: nothing was changed, run erase again. */
    SKIPPED,
    /** Something could not be done; the errors say what and how to finish. */
    FAILED
  }

  public TableErasureReport {
    searchedColumns = List.copyOf(searchedColumns);
    errors = List.copyOf(errors);
  }

  static TableErasureReport notPersonal(String table) {
    return new TableErasureReport(table, Status.NOT_PERSONAL, "no column holds customer data", List.of(), 0, 0, 0, 0,
        0, 0, 0, List.of(), 0);
  }

  static TableErasureReport skipped(String table, String reason) {
    return new TableErasureReport(table, Status.SKIPPED, reason, List.of(), 0, 0, 0, 0, 0, 0, 0,
        List.of("Cannot erase from " + table + ": " + reason + "; run erase again when it is free (or raise lock.wait)"), 0);
  }

  static TableErasureReport failed(String table, String error, long durationMs) {
    return new TableErasureReport(table, Status.FAILED, null, List.of(), 0, 0, 0, 0, 0, 0, 0, List.of(error), durationMs);
  }

  /** True unless the table may still hold rows of the customers. */
  public boolean complete() {
    return status == Status.ERASED || status == Status.NOT_PERSONAL;
  }
}
