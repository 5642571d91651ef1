package dev.lakehouse.maintenance.audit;

import dev.lakehouse.conventions.DurationFormat;
import dev.lakehouse.maintenance.replay.ReplayComparison;
import dev.lakehouse.maintenance.replay.ReplayNamespaces;
import dev.lakehouse.maintenance.replay.TableComparison;
import dev.lakehouse.maintenance.run.TableSelector;
import dev.lakehouse.schemas.Topics;
import java.time.Duration;
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
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;

/** {@code maintenance-job audit}: {@link TableAudit} on every selected table, and the findings as a table for people. */
public final class Audit {
  private static final String LEDGER_TABLE = Topics.tableName(Topics.PIPELINE_LEDGER);

  private Audit() {}

  /**
   * @param settledBefore ledger rows written before it must have landed whole (see {@link LedgerCheck#pending()})
   */
  public static List<TableAuditResult> run(Catalog catalog, List<String> tablePatterns, Instant settledBefore) {
    return run(catalog, tablePatterns, settledBefore,
        DurationFormat.parse("final-after", ReplayComparison.DEFAULT_FINAL_AFTER));
  }

  /**
   * The same, and each table of a replay's namespace compared with the namespace it replays ({@link ReplayComparison}).
   *
   * @param finalAfter for that comparison: how far behind stream time every result of a record is final
   */
  public static List<TableAuditResult> run(Catalog catalog, List<String> tablePatterns, Instant settledBefore,
      Duration finalAfter) {
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
    return withReplayComparisons(catalog, results, settledBefore, finalAfter);
  }

  private static List<TableAuditResult> withReplayComparisons(Catalog catalog, List<TableAuditResult> results,
      Instant settledBefore, Duration finalAfter) {
    Map<Namespace, Optional<ReplayComparison>> comparisons = new HashMap<>();
    List<TableAuditResult> compared = new ArrayList<>(results.size());
    for (TableAuditResult result : results) {
      TableIdentifier id = TableIdentifier.parse(result.table());
      Optional<TableComparison> table = comparisons.computeIfAbsent(id.namespace(), replay -> ReplayNamespaces
              .liveOf(replay).filter(live -> exists(catalog, live))
              .map(live -> ReplayComparison.compare(catalog, live, replay, settledBefore, finalAfter)))
          .flatMap(comparison -> comparison.table(id.name()));
      compared.add(table.map(result::withReplay).orElse(result));
    }
    return compared;
  }

  private static boolean exists(Catalog catalog, Namespace namespace) {
    return !(catalog instanceof SupportsNamespaces namespaces) || namespaces.namespaceExists(namespace);
  }

  private static Optional<LedgerIntervals> readLedger(Catalog catalog, Namespace namespace) {
    TableIdentifier id = TableIdentifier.of(namespace, LEDGER_TABLE);
    return catalog.tableExists(id) ? Optional.of(LedgerIntervals.read(catalog.loadTable(id))) : Optional.empty();
  }

  /** A replay's table against the live one, in a line, with its counts by group where they differ. */
  private static String replayLine(String table, TableComparison c) {
    StringBuilder out = new StringBuilder(table).append(" against ").append(c.against()).append(": ");
    if (c.missingIn() != null) {
      out.append("MISSING in ").append(c.missingIn());
    } else if (c.same()) {
      out.append("the same (").append(c.replayCompared()).append(" rows compared)");
    } else {
      out.append(String.format(Locale.ROOT, "DIFFERS: %d keys only in live, %d only in the replay, %d with other values"
          + " (maintenance-job compare names them)", c.onlyLive(), c.onlyReplay(), c.differing()));
    }
    out.append(System.lineSeparator());
    c.groups().stream().filter(g -> g.live() != g.replay()).forEach(g -> out.append(String.format(Locale.ROOT,
        "%s:   %s %s: live %d, replay %d%n", table, g.column(), g.value(), g.live(), g.replay())));
    return out.toString();
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
      if (t.replay() != null) {
        out.append(replayLine(t.table(), t.replay()));
      }
    }
    long rowsRead = results.stream().filter(t -> t.rows() >= 0).count();
    out.append(results.stream().allMatch(TableAuditResult::clean) ? "Audit passed" : "Audit FAILED")
        .append(": ").append(results.size()).append(" tables, ").append(rowsRead)
        .append(" with result keys read row by row (a table without keys: its files only).").append(System.lineSeparator());
    return out.toString();
  }
}
