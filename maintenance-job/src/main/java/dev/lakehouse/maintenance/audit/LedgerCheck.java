package dev.lakehouse.maintenance.audit;

import java.util.ArrayList;
import java.util.List;

/**
 * One table held against the {@code pipeline_ledger}: per ledger row, the rows landed with lineage
 * in that row's offsets against the count the row gives for this table.
 *
 * @param expected rows the ledger's rows count for this table
 * @param landed rows landed at offsets some ledger row counted
 * @param missing rows short in ledger rows older than the settle time (a lost result)
 * @param pending rows short in younger ledger rows (may still be on their way through the sink)
 * @param extra rows over the count (a result landed twice, or one the pipeline did not count)
 * @param erased rows the maintenance job's erasures removed from this table (they explain that many missing rows)
 * @param uncounted rows at offsets no ledger row counts: after the newest row (counted next), or read before the ledger was on
 * @param ledgerGaps on the ledger's own table, the places where a partition's rows do not tile its offsets; -1 on the others
 * @param findings the first few short or over ledger rows, and every tiling break, by partition and offsets
 */
public record LedgerCheck(long expected, long landed, long missing, long pending, long extra, long erased, long uncounted,
    long ledgerGaps, List<String> findings) {

  public LedgerCheck {
    findings = List.copyOf(findings);
  }

  /** The ledger's own tiling: no lost or double-counted offsets. */
  static LedgerCheck ofLedger(List<String> tilingBreaks) {
    return new LedgerCheck(0, 0, 0, 0, 0, 0, 0, tilingBreaks.size(), tilingBreaks);
  }

  /** One cell of the audit's table, e.g. {@code 20000 of 20000}, {@code 19998 of 20000: 2 missing}, {@code tiled}. */
  public String summary() {
    if (ledgerGaps >= 0) {
      return ledgerGaps == 0 ? "tiled" : ledgerGaps + " tiling breaks";
    }
    List<String> parts = new ArrayList<>();
    addIfAny(parts, missing, "missing");
    addIfAny(parts, erased, "erased");
    addIfAny(parts, pending, "pending");
    addIfAny(parts, extra, "extra");
    return landed + " of " + expected + (parts.isEmpty() ? "" : ": " + String.join(", ", parts));
  }

  private static void addIfAny(List<String> parts, long count, String what) {
    if (count > 0) {
      parts.add(count + " " + what);
    }
  }

  public boolean clean() {
    return ledgerGaps <= 0 && extra == 0 && missing <= erased;
  }
}
