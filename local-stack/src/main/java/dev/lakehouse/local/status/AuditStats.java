package dev.lakehouse.local.status;

import dev.lakehouse.maintenance.audit.SavedAudit;
import dev.lakehouse.maintenance.audit.TableAuditResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The findings {@code ./lakehouse audit} saved last ({@code maintenance-job audit --save}): status
 * shows them instead of auditing again, since an audit reads the key columns of every row.
 */
final class AuditStats {
  private AuditStats() {}

  static StackStatus.Audit read(Path file) {
    if (!Files.exists(file)) {
      return new StackStatus.Audit(null, List.of(), "no audit yet: ./lakehouse audit checks every table for "
          + "exactly-once breaks and saves what it found for this page");
    }
    try {
      SavedAudit saved = SavedAudit.read(file);
      return new StackStatus.Audit(saved.auditedAt(), saved.tables().stream().map(AuditStats::verdict).toList(), "");
    } catch (IOException e) {
      return new StackStatus.Audit(null, List.of(), "cannot read the last audit " + file + ": " + e.getMessage()
          + " (./lakehouse audit writes it again)");
    }
  }

  static StackStatus.TableAudit verdict(TableAuditResult table) {
    String ledger = table.ledger() == null ? "" : "against the ledger: " + table.ledger().summary();
    if (table.clean()) {
      return new StackStatus.TableAudit(table.table(), true, table.dataFiles() + " data files"
          + (table.rows() < 0 ? " (no result key: files only)" : ", " + table.rows() + " rows, every "
              + String.join("/", table.keyColumns()) + " once") + (ledger.isEmpty() ? "" : "; " + ledger));
    }
    StringBuilder detail = new StringBuilder();
    if (!table.duplicateFiles().isEmpty()) {
      detail.append(table.duplicateFiles().size()).append(" data files registered more than once (")
          .append(table.duplicateFiles().get(0)).append(table.duplicateFiles().size() > 1 ? ", ..." : "").append(")");
    }
    if (table.duplicatedKeys() > 0) {
      detail.append(detail.isEmpty() ? "" : "; ").append(table.duplicatedKeys()).append(" ")
          .append(String.join("/", table.keyColumns())).append(" values in more than one row (")
          .append(String.join(", ", table.duplicateKeyExamples())).append(table.duplicatedKeys()
              > table.duplicateKeyExamples().size() ? ", ..." : "").append(")");
    }
    if (table.ledger() != null && !table.ledger().clean()) {
      detail.append(detail.isEmpty() ? "" : "; ").append(ledger)
          .append(table.ledger().findings().isEmpty() ? "" : " (" + table.ledger().findings().get(0) + ", ...)");
    }
    return new StackStatus.TableAudit(table.table(), false, detail.toString());
  }
}
