package dev.lakehouse.maintenance.audit;

import java.util.List;

/**
 * What {@link TableAudit} found in one table.
 *
 * @param rows live rows read, or -1 when the table has no {@link ResultKeys} (files checked only)
 * @param duplicateFiles data files registered more than once in the live snapshot, with how often
 * @param duplicatedKeys how many key values more than one live row holds
 * @param duplicateKeyExamples the first few of them, with how many rows hold each
 * @param ledger the table held against the pipeline ledger, or null where no ledger counts its rows
 */
public record TableAuditResult(String table, long dataFiles, long rows, List<String> duplicateFiles,
    List<String> keyColumns, long duplicatedKeys, List<String> duplicateKeyExamples, LedgerCheck ledger) {

  /** A table the ledger does not count. */
  public TableAuditResult(String table, long dataFiles, long rows, List<String> duplicateFiles, List<String> keyColumns,
      long duplicatedKeys, List<String> duplicateKeyExamples) {
    this(table, dataFiles, rows, duplicateFiles, keyColumns, duplicatedKeys, duplicateKeyExamples, null);
  }

  TableAuditResult withLedger(LedgerCheck check) {
    return new TableAuditResult(table, dataFiles, rows, duplicateFiles, keyColumns, duplicatedKeys, duplicateKeyExamples,
        check);
  }

  public boolean clean() {
    return duplicateFiles.isEmpty() && duplicatedKeys == 0 && (ledger == null || ledger.clean());
  }
}
