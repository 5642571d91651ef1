package dev.lakehouse.maintenance.replay;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@link ReplayComparison} for people: a line per table, then its counts, sums and differing keys beneath. */
final class ComparisonText {
  private static final String ROW = "%-24s %12s %12s %12s %12s %11s %11s %9s  %s%n";

  private ComparisonText() {}

  static String render(ReplayComparison comparison) {
    long differing = comparison.tables().stream().filter(t -> !t.same()).count();
    StringBuilder out = new StringBuilder();
    out.append("Replay ").append(comparison.replay()).append(" against ").append(comparison.live()).append(": ")
        .append(differing == 0 ? "the same in all " + comparison.tables().size() + " tables"
            : "DIFFERENT in " + differing + " of " + comparison.tables().size() + " tables")
        .append(System.lineSeparator());
    List<String> cut = comparison.cut();
    out.append("Compared: ").append(cut.get(0)).append(System.lineSeparator());
    cut.subList(1, cut.size()).forEach(line -> out.append("  ").append(line).append(System.lineSeparator()));
    out.append(String.format(Locale.ROOT, ROW, "table", "live rows", "replay rows", "live inside", "replay inside",
        "only live", "only replay", "differ", "result"));
    for (TableComparison t : comparison.tables()) {
      out.append(String.format(Locale.ROOT, ROW, t.table(), t.liveRows(), t.replayRows(), t.liveCompared(),
          t.replayCompared(), t.onlyLive(), t.onlyReplay(), t.differing(),
          t.missingIn() != null ? "MISSING in " + t.missingIn() : t.same() ? "same" : "DIFFERS"));
      t.groups().forEach(g -> out.append(figure(g.column() + " " + g.value(), Long.toString(g.live()),
          Long.toString(g.replay()))));
      t.sums().forEach(s -> out.append(figure("sum of " + s.column(), s.live(), s.replay())));
    }
    for (TableComparison t : comparison.tables()) {
      t.samples().forEach(s -> out.append(t.table()).append(' ').append(s.key()).append(": ").append(s.kind())
          .append(columns(s.columns())).append(System.lineSeparator()));
      if (t.differences() > t.samples().size()) {
        out.append(t.table()).append(": the first ").append(TableComparer.SAMPLES).append(" keys of each kind are shown, of ")
            .append(t.differences()).append(System.lineSeparator());
      }
    }
    return out.toString();
  }

  private static String figure(String what, String live, String replay) {
    return String.format(Locale.ROOT, "  %-36s live %14s  replay %14s%s%n", what, live, replay,
        live.equals(replay) ? "" : "  (differs)");
  }

  private static String columns(Map<String, List<String>> columns) {
    StringBuilder out = new StringBuilder();
    columns.forEach((column, values) -> out.append(out.isEmpty() ? ": " : "; ").append(column).append(' ')
        .append(values.get(0)).append(" | ").append(values.get(1)));
    return out.isEmpty() ? "" : " (live | replay)" + out;
  }
}
