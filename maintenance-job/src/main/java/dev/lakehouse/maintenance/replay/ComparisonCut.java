package dev.lakehouse.maintenance.replay;

import dev.lakehouse.conventions.DurationFormat;
import dev.lakehouse.maintenance.replay.LedgerFrontier.Interval;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Which results a replay and the live run must agree on: those of the input offsets both read, of
 * which each run's results are final. When both read the same offsets (the inputs quiet, the replay
 * caught up), that is every landed row. When they read to different offsets, the cut goes back to
 * the records that arrived while stream time was {@code final-after} (the Streams app's join window
 * plus its grace) behind the lower of the two runs' stream times: every deadline of those records has
 * passed in both (an order waits at most until its arrival's stream time plus that), and so has the
 * end of every window ending by then. When they start at different offsets (retention deleted the
 * oldest records before the replay read them), results in the first {@code final-after} of stream time
 * after the later start are left out, as they may combine records one run never read.
 */
final class ComparisonCut {
  /** The input offsets {@code from..to} of one partition whose results are compared, and how far each run read it (-1: not at all). */
  record PartitionCut(String partition, long from, long to, long liveEnd, long replayEnd) {
    String describe() {
      return partition + " " + (to < from ? "none" : from + ".." + to) + " (live read to " + liveEnd + ", replay to "
          + replayEnd + ")";
    }
  }

  private final String basis;
  /** By partition name ({@code orders-0}); null: every landed row is compared. */
  private final Map<String, PartitionCut> partitions;
  private final Instant windowsFrom;
  private final Instant windowsTo;

  private ComparisonCut(String basis, Map<String, PartitionCut> partitions, Instant windowsFrom, Instant windowsTo) {
    this.basis = basis;
    this.partitions = partitions;
    this.windowsFrom = windowsFrom;
    this.windowsTo = windowsTo;
  }

  /** No ledger to cut by: every landed row is compared, which is right once the inputs are quiet and both runs caught up. */
  static ComparisonCut everything(String why) {
    return new ComparisonCut(why + ": every landed row is compared (meaningful once the inputs are quiet and both runs"
        + " caught up)", null, null, null);
  }

  static ComparisonCut between(LedgerFrontier live, LedgerFrontier replay, Duration finalAfter) {
    TreeSet<String> names = new TreeSet<>(live.partitions().keySet());
    names.addAll(replay.partitions().keySet());
    boolean sameEnds = names.stream().allMatch(n -> bothRead(live, replay, n)
        && end(live.partitions().get(n)) == end(replay.partitions().get(n)));
    boolean sameStarts = names.stream().allMatch(n -> bothRead(live, replay, n)
        && start(live.partitions().get(n)) == start(replay.partitions().get(n)));
    Instant upper = sameEnds ? null : leastProgress(live, replay).map(p -> p.minus(finalAfter)).orElse(Instant.MIN);
    Instant lower = sameStarts ? null : laterStart(live, replay, names);
    lower = lower == null ? null : lower.plus(finalAfter);
    Map<String, PartitionCut> cuts = new TreeMap<>();
    for (String name : names) {
      List<Interval> l = live.partitions().get(name);
      List<Interval> r = replay.partitions().get(name);
      if (l == null || r == null) {
        cuts.put(name, new PartitionCut(name, 0, -1, end(l), end(r)));
        continue;
      }
      long from = Math.max(start(l), start(r));
      if (lower != null) {
        from = Math.max(from, Math.max(firstArrivedFrom(l, lower), firstArrivedFrom(r, lower)));
      }
      long to = upper == null ? end(l) : Math.min(lastArrivedBy(l, upper), lastArrivedBy(r, upper));
      cuts.put(name, new PartitionCut(name, from, to, end(l), end(r)));
    }
    List<String> why = new ArrayList<>();
    why.add(sameEnds ? "both runs read the same offsets of every input partition: every result of them is compared"
        : "the runs read to different offsets (one is catching up, or the inputs move): compared are the results of"
            + " the offsets both read before stream time " + upper + ", " + DurationFormat.format(finalAfter)
            + " (final-after) behind the lower of their stream times, final in both; windows ending by then");
    if (!sameStarts) {
      why.add("the runs start at different offsets (retention deleted the oldest before the replay read them):"
          + " results of records that arrived before stream time " + lower + " and windows starting before it are"
          + " left out");
    }
    return new ComparisonCut(String.join("; ", why), cuts, lower, upper);
  }

  boolean includesInput(String topic, int partition, long offset) {
    if (partitions == null) {
      return true;
    }
    PartitionCut cut = partitions.get(topic + "-" + partition);
    return cut != null && offset >= cut.from() && offset <= cut.to();
  }

  boolean includesWindow(Instant start, Instant end) {
    return partitions == null || ((windowsTo == null || !end.isAfter(windowsTo))
        && (windowsFrom == null || !start.isBefore(windowsFrom)));
  }

  /** Why these rows, then the offsets compared per input partition. */
  List<String> describe() {
    List<String> lines = new ArrayList<>();
    lines.add(basis);
    if (partitions != null) {
      partitions.values().forEach(cut -> lines.add(cut.describe()));
    }
    return lines;
  }

  private static boolean bothRead(LedgerFrontier live, LedgerFrontier replay, String partition) {
    return live.partitions().containsKey(partition) && replay.partitions().containsKey(partition);
  }

  /**
   * The lower of the two runs' stream times: per run the least of its partitions' (an idle partition
   * holds it back, as it holds the windows).
   */
  private static Optional<Instant> leastProgress(LedgerFrontier live, LedgerFrontier replay) {
    return Stream.of(live, replay).flatMap(run -> run.partitions().values().stream())
        .map(rows -> rows.stream().map(Interval::progress).filter(Objects::nonNull).max(Instant::compareTo).orElse(null))
        .filter(Objects::nonNull).min(Instant::compareTo);
  }

  /** Where the starts differ: the stream time after the first row of the run that starts later, the latest of them. */
  private static Instant laterStart(LedgerFrontier live, LedgerFrontier replay, TreeSet<String> names) {
    Instant later = null;
    for (String name : names) {
      List<Interval> l = live.partitions().get(name);
      List<Interval> r = replay.partitions().get(name);
      if (l == null || r == null || start(l) == start(r)) {
        continue;
      }
      Instant time = (start(l) > start(r) ? l : r).get(0).streamTime();
      if (time != null && (later == null || time.isAfter(later))) {
        later = time;
      }
    }
    return later;
  }

  /** The last offset of the rows whose records all arrived at stream time {@code bound} or before. */
  private static long lastArrivedBy(List<Interval> rows, Instant bound) {
    long last = rows.get(0).first() - 1;
    for (Interval row : rows) {
      if (row.streamTime() != null && row.streamTime().isAfter(bound)) {
        break;
      }
      last = row.last();
    }
    return last;
  }

  /** The first offset of the rows whose records all arrived at stream time {@code bound} or after (stream time never falls). */
  private static long firstArrivedFrom(List<Interval> rows, Instant bound) {
    for (int i = 1; i < rows.size(); i++) {
      Instant before = rows.get(i - 1).streamTime();
      if (before != null && !before.isBefore(bound)) {
        return rows.get(i).first();
      }
    }
    return end(rows) + 1;
  }

  private static long start(List<Interval> rows) {
    return rows == null ? -1 : rows.get(0).first();
  }

  private static long end(List<Interval> rows) {
    return rows == null ? -1 : rows.get(rows.size() - 1).last();
  }
}
