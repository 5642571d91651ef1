package dev.lakehouse.maintenance.audit;

import dev.lakehouse.maintenance.run.TableSelector;
import dev.lakehouse.schemas.Topics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;

/** {@code maintenance-job audit}: {@link TableAudit} on every selected table, and the findings as a table for people. */
public final class Audit {
  private static final String LEDGER_TABLE = Topics.tableName(Topics.PIPELINE_LEDGER);

  private Audit() {}

  /**
   * @param settledBefore ledger rows written before it must have landed whole (see {@link LedgerCheck#pending()})
   */
  public static List<TableAuditResult> run(Catalog catalog, List<String> tablePatterns, Instant settledBefore) {
    Map<Namespace, Optional<LedgerIntervals>> ledgers = new HashMap<>();
    List<TableAuditResult> results = new ArrayList<>();
    for (TableIdentifier id : TableSelector.select(catalog, tablePatterns)) {
      Optional<LedgerIntervals> ledger = ledgers.computeIfAbsent(id.namespace(), namespace -> readLedger(catalog, namespace));
      Table table = catalog.loadTable(id);
      Optional<LedgerTally> tally = ledger.flatMap(intervals -> LedgerTally.of(id.name(), intervals));
      TableAuditResult result = TableAudit.audit(id.toString(), table, ResultKeys.of(id.name()), tally);
      if (tally.isPresent()) {
        result = result.withLedger(tally.get().result(settledBefore, ErasedRows.of(table)));
      } else if (id.name().equals(LEDGER_TABLE) && ledger.isPresent()) {
        result = result.withLedger(LedgerCheck.ofLedger(ledger.get().tilingBreaks()));
      }
      results.add(result);
    }
    return results;
  }

  private static Optional<LedgerIntervals> readLedger(Catalog catalog, Namespace namespace) {
    TableIdentifier id = TableIdentifier.of(namespace, LEDGER_TABLE);
    return catalog.tableExists(id) ? Optional.of(LedgerIntervals.read(catalog.loadTable(id))) : Optional.empty();
  }

  public static String text(List<TableAuditResult> results) {
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-36s %8s %10s %10s %10s  %-34s %s%n",
        "table", "files", "rows", "dup files", "dup keys", "against the ledger", "result"));
    for (TableAuditResult t : results) {
      out.append(String.format(Locale.ROOT, "%-36s %8d %10s %10d %10d  %-34s %s%n", t.table(), t.dataFiles(),
          t.rows() < 0 ? "-" : Long.toString(t.rows()), t.duplicateFiles().size(), t.duplicatedKeys(),
          t.ledger() == null ? "-" : t.ledger().summary(), t.clean() ? "ok" : "BROKEN"));
    }
    for (TableAuditResult t : results) {
      t.duplicateFiles().forEach(file -> out.append(t.table()).append(": data file registered twice: ").append(file)
          .append(System.lineSeparator()));
      t.duplicateKeyExamples().forEach(key -> out.append(t.table()).append(": ").append(t.keyColumns())
          .append(" held by more than one row: ").append(key).append(System.lineSeparator()));
      if (t.duplicatedKeys() > t.duplicateKeyExamples().size()) {
        out.append(t.table()).append(": ... ").append(t.duplicatedKeys() - t.duplicateKeyExamples().size())
            .append(" more duplicated keys").append(System.lineSeparator());
      }
      if (t.ledger() != null) {
        t.ledger().findings().forEach(finding -> out.append(t.table()).append(": ").append(finding)
            .append(System.lineSeparator()));
      }
    }
    long rowsRead = results.stream().filter(t -> t.rows() >= 0).count();
    out.append(results.stream().allMatch(TableAuditResult::clean) ? "Audit passed" : "Audit FAILED")
        .append(": ").append(results.size()).append(" tables, ").append(rowsRead)
        .append(" with result keys read row by row (a table without keys: its files only).").append(System.lineSeparator());
    return out.toString();
  }
}
