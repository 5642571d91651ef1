package dev.lakehouse.maintenance.audit;

import dev.lakehouse.maintenance.replay.TableComparison;
import java.util.List;

/**
 * What {@link TableAudit} found in one table.
 *
 * @param rows live rows read, or -1 when the table has no {@link ResultKeys} (files checked only)
 * @param duplicateFiles data files registered more than once in the live snapshot, with how often
 * @param duplicatedKeys how many key values more than one live row holds
 * @param duplicateKeyExamples the first few of them, with how many rows hold each
 * @param ledger the table held against the pipeline ledger, or null where no ledger counts its rows
 * @param replay in a replay's namespace, the table against the same table of the namespace it replays
 *     (does not make the table unclean: a replay of changed logic may differ on purpose); else null
 */
public record TableAuditResult(String table, long dataFiles, long rows, List<String> duplicateFiles,
    List<String> keyColumns, long duplicatedKeys, List<String> duplicateKeyExamples, LedgerCheck ledger,
    TableComparison replay) {

  /** A table the ledger does not count. */
  public TableAuditResult(String table, long dataFiles, long rows, List<String> duplicateFiles, List<String> keyColumns,
      long duplicatedKeys, List<String> duplicateKeyExamples) {
    this(table, dataFiles, rows, duplicateFiles, keyColumns, duplicatedKeys, duplicateKeyExamples, null, null);
  }

  /** A table outside a replay's namespace. */
  public TableAuditResult(String table, long dataFiles, long rows, List<String> duplicateFiles, List<String> keyColumns,
      long duplicatedKeys, List<String> duplicateKeyExamples, LedgerCheck ledger) {
    this(table, dataFiles, rows, duplicateFiles, keyColumns, duplicatedKeys, duplicateKeyExamples, ledger, null);
  }

  TableAuditResult withLedger(LedgerCheck check) {
    return new TableAuditResult(table, dataFiles, rows, duplicateFiles, keyColumns, duplicatedKeys, duplicateKeyExamples,
        check, replay);
  }

  TableAuditResult withReplay(TableComparison comparison) {
    return new TableAuditResult(table, dataFiles, rows, duplicateFiles, keyColumns, duplicatedKeys, duplicateKeyExamples,
        ledger, comparison);
  }

  public boolean clean() {
    return duplicateFiles.isEmpty() && duplicatedKeys == 0 && (ledger == null || ledger.clean());
  }
}
