package dev.lakehouse.maintenance.audit;

import dev.lakehouse.maintenance.run.TableSelector;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;

/** {@code maintenance-job audit}: {@link TableAudit} on every selected table, and the findings as a table for people. */
public final class Audit {
  private Audit() {}

  public static List<TableAuditResult> run(Catalog catalog, List<String> tablePatterns) {
    List<TableAuditResult> results = new ArrayList<>();
    for (TableIdentifier id : TableSelector.select(catalog, tablePatterns)) {
      results.add(TableAudit.audit(id.toString(), catalog.loadTable(id), ResultKeys.of(id.name())));
    }
    return results;
  }

  public static String text(List<TableAuditResult> results) {
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-36s %8s %10s %10s %10s  %s%n",
        "table", "files", "rows", "dup files", "dup keys", "result"));
    for (TableAuditResult t : results) {
      out.append(String.format(Locale.ROOT, "%-36s %8d %10s %10d %10d  %s%n", t.table(), t.dataFiles(),
          t.rows() < 0 ? "-" : Long.toString(t.rows()), t.duplicateFiles().size(), t.duplicatedKeys(),
          t.clean() ? "ok" : "BROKEN"));
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
    }
    long rowsRead = results.stream().filter(t -> t.rows() >= 0).count();
    out.append(results.stream().allMatch(TableAuditResult::clean) ? "Audit passed" : "Audit FAILED")
        .append(": ").append(results.size()).append(" tables, ").append(rowsRead)
        .append(" with result keys read row by row (a table without keys: its files only).").append(System.lineSeparator());
    return out.toString();
  }
}
