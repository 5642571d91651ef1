package dev.lakehouse.maintenance.replay;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.types.Types;

/** Compares one table of a replay with the live run's, row by row by business key, inside the cut. */
final class TableComparer {
  /** How many keys of each kind (differs, only in live, only in replay) the comparison names. */
  static final int SAMPLES = 5;

  private TableComparer() {}

  /** @param against the live table's name, for the output */
  static TableComparison compare(ComparedTable shape, String against, Table live, Table replay, ComparisonCut cut) {
    RowValues values = new RowValues(comparedColumns(shape, live.schema(), replay.schema()));
    TableSide liveSide = TableSide.read(live, shape, values, cut);
    TableSide replaySide = TableSide.read(replay, shape, values, cut);
    Map<String, TreeSet<String>> samples = new LinkedHashMap<>();
    long onlyLive = 0;
    long differing = 0;
    for (Map.Entry<String, TableSide.Seen> entry : liveSide.byKey.entrySet()) {
      TableSide.Seen other = replaySide.byKey.get(entry.getKey());
      TableSide.Seen seen = entry.getValue();
      if (!seen.inside && (other == null || !other.inside)) {
        continue;
      }
      if (other == null) {
        onlyLive++;
        sample(samples, DifferenceSamples.ONLY_LIVE, entry.getKey());
      } else if (other.digest != seen.digest || other.rows != seen.rows) {
        differing++;
        sample(samples, DifferenceSamples.DIFFERS, entry.getKey());
      }
    }
    long onlyReplay = 0;
    for (Map.Entry<String, TableSide.Seen> entry : replaySide.byKey.entrySet()) {
      if (entry.getValue().inside && !liveSide.byKey.containsKey(entry.getKey())) {
        onlyReplay++;
        sample(samples, DifferenceSamples.ONLY_REPLAY, entry.getKey());
      }
    }
    return new TableComparison(shape.name(), against, cut.describe(), null, liveSide.rows, replaySide.rows,
        liveSide.inside, replaySide.inside,
        onlyLive, onlyReplay, differing, groups(shape, liveSide, replaySide), sums(liveSide, replaySide),
        samples.isEmpty() ? List.of() : DifferenceSamples.read(shape, live, replay, values, samples));
  }

  /**
   * The contract's fields but the processing time that both tables have, in the live table's order; a
   * field one run's schema lacks (added by a contract change) is not compared. The key, the region's
   * columns, the group and the sums must be there.
   */
  static List<String> comparedColumns(ComparedTable shape, Schema live, Schema replay) {
    Set<String> reproduced = shape.reproducedFields();
    Set<String> replayColumns = new TreeSet<>();
    replay.columns().forEach(c -> replayColumns.add(c.name()));
    List<String> columns = live.columns().stream().map(Types.NestedField::name)
        .filter(replayColumns::contains).filter(reproduced::contains).toList();
    List<String> needed = Stream.of(shape.key(), TableSide.regionColumns(shape.region()), List.of(shape.groupBy()),
        shape.sums()).flatMap(List::stream).distinct().toList();
    List<String> absent = needed.stream().filter(c -> !columns.contains(c)).toList();
    if (!absent.isEmpty()) {
      throw new IllegalStateException("Cannot compare " + shape.name() + ": the live or the replay's table has no column "
          + absent + " (both need " + needed + "); is it a table of the pipeline's contracts?");
    }
    return columns;
  }

  private static void sample(Map<String, TreeSet<String>> samples, String kind, String key) {
    TreeSet<String> keys = samples.computeIfAbsent(kind, k -> new TreeSet<>());
    keys.add(key);
    if (keys.size() > SAMPLES) {
      keys.pollLast();
    }
  }

  private static List<TableComparison.GroupCount> groups(ComparedTable shape, TableSide live, TableSide replay) {
    TreeSet<String> values = new TreeSet<>(live.groups.keySet());
    values.addAll(replay.groups.keySet());
    List<TableComparison.GroupCount> groups = new ArrayList<>();
    for (String value : values) {
      groups.add(new TableComparison.GroupCount(shape.groupBy(), value, live.groups.getOrDefault(value, 0L),
          replay.groups.getOrDefault(value, 0L)));
    }
    return groups;
  }

  private static List<TableComparison.Sum> sums(TableSide live, TableSide replay) {
    List<TableComparison.Sum> sums = new ArrayList<>();
    live.sums.forEach((column, sum) -> sums.add(new TableComparison.Sum(column, sum.toPlainString(),
        replay.sums.get(column).toPlainString())));
    return sums;
  }
}
