package dev.lakehouse.maintenance.replay;

import java.util.List;
import java.util.Map;

/**
 * One table of a replay against the same table of the live namespace, over the rows inside the cut.
 *
 * @param table the table's name, e.g. {@code order_payments}
 * @param against the live table it is compared with, e.g. {@code lakehouse.order_payments}
 * @param cut which rows are compared (see {@link ComparisonCut}): why, then the input offsets per partition
 * @param missingIn {@code live} or {@code replay} when that namespace has no such table, else null
 * @param liveRows rows of the live table, inside the cut or not
 * @param liveCompared the live rows inside the cut
 * @param onlyLive business keys inside the cut that only the live table holds
 * @param differing keys both hold with different values (or by a different number of rows)
 * @param groups the rows inside the cut counted per value of the table's group column (status, error class, ...)
 * @param sums the table's amount and count columns summed over the rows inside the cut
 * @param samples the first few differing keys of each kind, with the columns that differ
 */
public record TableComparison(String table, String against, List<String> cut, String missingIn, long liveRows,
    long replayRows, long liveCompared, long replayCompared, long onlyLive, long onlyReplay, long differing,
    List<GroupCount> groups, List<Sum> sums, List<Sample> samples) {

  /** How many rows inside the cut hold one value of the group column, in each run. */
  public record GroupCount(String column, String value, long live, long replay) {}

  /** A column's sum over the rows inside the cut, in each run (decimals as plain text). */
  public record Sum(String column, String live, String replay) {}

  /**
   * One differing key.
   *
   * @param kind {@code differs}, {@code only in live} or {@code only in replay}
   * @param columns per column shown: the live value, then the replay's ({@code null} for SQL NULL, {@code -} for no row)
   */
  public record Sample(String kind, String key, Map<String, List<String>> columns) {}

  public TableComparison {
    cut = List.copyOf(cut);
    groups = List.copyOf(groups);
    sums = List.copyOf(sums);
    samples = List.copyOf(samples);
  }

  static TableComparison missing(String table, String against, List<String> cut, String missingIn, long liveRows,
      long replayRows) {
    return new TableComparison(table, against, cut, missingIn, liveRows, replayRows, 0, 0, 0, 0, 0, List.of(), List.of(), List.of());
  }

  public boolean same() {
    return missingIn == null && onlyLive == 0 && onlyReplay == 0 && differing == 0;
  }

  /** Keys that differ in any way: held by one run only, or with other values. */
  public long differences() {
    return onlyLive + onlyReplay + differing;
  }
}
