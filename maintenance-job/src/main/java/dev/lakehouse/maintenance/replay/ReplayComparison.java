package dev.lakehouse.maintenance.replay;

import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * A replay's landed results against the live run's, table by table, on what both must agree on
 * ({@link ComparisonCut}): counts by status and error class, sums, and the rows that differ by
 * business key. It compares what landed and assumes nothing about why they would differ. Read-only.
 *
 * @param live the live namespace, e.g. {@code lakehouse}
 * @param replay the replay's namespace, e.g. {@code lakehouse_replay_2}
 * @param cut why these rows, then the input offsets compared per partition
 */
public record ReplayComparison(String live, String replay, List<String> cut, List<TableComparison> tables) {
  /** The Streams app's default payment join window (30 min) plus its default window grace (2 min). */
  public static final String DEFAULT_FINAL_AFTER = "32m";
  private static final String LEDGER = Topics.tableName(Topics.PIPELINE_LEDGER);

  public ReplayComparison {
    cut = List.copyOf(cut);
    tables = List.copyOf(tables);
  }

  /**
   * @param settledBefore ledger rows emitted after it are left out: the outputs of their records may still be on their way
   * @param finalAfter how long after a record's arrival (in stream time) every result of it is final
   */
  public static ReplayComparison compare(Catalog catalog, Namespace live, Namespace replay, Instant settledBefore,
      Duration finalAfter) {
    ComparisonCut cut = cut(catalog, live, replay, settledBefore, finalAfter);
    List<TableComparison> tables = new ArrayList<>();
    for (ComparedTable shape : ComparedTable.ALL) {
      String against = TableIdentifier.of(live, shape.name()).toString();
      Optional<Table> liveTable = load(catalog, live, shape.name());
      Optional<Table> replayTable = load(catalog, replay, shape.name());
      if (liveTable.isEmpty() && replayTable.isEmpty()) {
        continue;
      }
      if (liveTable.isEmpty() || replayTable.isEmpty()) {
        tables.add(TableComparison.missing(shape.name(), against, cut.describe(), liveTable.isEmpty() ? "live" : "replay",
            rows(liveTable), rows(replayTable)));
        continue;
      }
      tables.add(TableComparer.compare(shape, against, liveTable.get(), replayTable.get(), cut));
    }
    return new ReplayComparison(live.toString(), replay.toString(), cut.describe(), tables);
  }

  public boolean same() {
    return tables.stream().allMatch(TableComparison::same);
  }

  public Optional<TableComparison> table(String name) {
    return tables.stream().filter(t -> t.table().equals(name)).findFirst();
  }

  /** For people: a line per table, its counts by group and sums, the sample keys that differ. */
  public String text() {
    return ComparisonText.render(this);
  }

  private static ComparisonCut cut(Catalog catalog, Namespace live, Namespace replay, Instant settledBefore,
      Duration finalAfter) {
    Optional<Table> liveLedger = load(catalog, live, LEDGER);
    Optional<Table> replayLedger = load(catalog, replay, LEDGER);
    if (liveLedger.isEmpty() || replayLedger.isEmpty()) {
      return ComparisonCut.everything("no " + LEDGER + " in " + (liveLedger.isEmpty() ? live : replay));
    }
    LedgerFrontier liveFrontier = LedgerFrontier.read(liveLedger.get(), settledBefore);
    LedgerFrontier replayFrontier = LedgerFrontier.read(replayLedger.get(), settledBefore);
    if (liveFrontier.isEmpty() || replayFrontier.isEmpty()) {
      return ComparisonCut.everything("no settled " + LEDGER + " row in " + (liveFrontier.isEmpty() ? live : replay));
    }
    return ComparisonCut.between(liveFrontier, replayFrontier, finalAfter);
  }

  private static Optional<Table> load(Catalog catalog, Namespace namespace, String name) {
    TableIdentifier id = TableIdentifier.of(namespace, name);
    return catalog.tableExists(id) ? Optional.of(catalog.loadTable(id)) : Optional.empty();
  }

  private static long rows(Optional<Table> table) {
    Snapshot current = table.map(Table::currentSnapshot).orElse(null);
    return current == null ? 0 : Long.parseLong(current.summary().getOrDefault("total-records", "0"));
  }
}
