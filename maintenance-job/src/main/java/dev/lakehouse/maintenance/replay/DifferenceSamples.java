package dev.lakehouse.maintenance.replay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * The rows behind the first few differing keys, read again from both tables (only for a table that
 * differs), so the output names the columns that differ with both values: what a reader needs to
 * tell a logic change from a bug.
 */
final class DifferenceSamples {
  static final String DIFFERS = "differs";
  static final String ONLY_LIVE = "only in live";
  static final String ONLY_REPLAY = "only in replay";
  /** Shown for the run that has no row of the key. */
  static final String NO_ROW = "-";
  private static final int LONGEST_VALUE = 64;

  private DifferenceSamples() {}

  /** @param keys per kind, the keys to show */
  static List<TableComparison.Sample> read(ComparedTable shape, Table live, Table replay, RowValues values,
      Map<String, TreeSet<String>> keys) {
    Set<String> wanted = new TreeSet<>();
    keys.values().forEach(wanted::addAll);
    Map<String, List<Record>> liveRows = rows(live, shape, values, wanted);
    Map<String, List<Record>> replayRows = rows(replay, shape, values, wanted);
    List<TableComparison.Sample> samples = new ArrayList<>();
    keys.forEach((kind, kindKeys) -> kindKeys.forEach(key -> samples.add(new TableComparison.Sample(kind, key,
        columns(kind, shape, values, liveRows.getOrDefault(key, List.of()), replayRows.getOrDefault(key, List.of()))))));
    return samples;
  }

  /** For a key in both runs the columns that differ; for a key in one run its group and where it came from. */
  private static Map<String, List<String>> columns(String kind, ComparedTable shape, RowValues values, List<Record> live,
      List<Record> replay) {
    Map<String, List<String>> shown = new LinkedHashMap<>();
    if (kind.equals(DIFFERS) && !live.isEmpty() && !replay.isEmpty()) {
      if (live.size() != replay.size()) {
        shown.put("rows", List.of(Integer.toString(live.size()), Integer.toString(replay.size())));
      }
      for (String column : values.columns()) {
        String l = shorten(RowValues.text(live.get(0).getField(column)));
        String r = shorten(RowValues.text(replay.get(0).getField(column)));
        if (!l.equals(r)) {
          shown.put(column, List.of(l, r));
        }
      }
      return shown;
    }
    List<String> identifying = new ArrayList<>(List.of(shape.groupBy()));
    TableSide.regionColumns(shape.region()).stream().filter(c -> !shape.key().contains(c)).forEach(identifying::add);
    for (String column : identifying) {
      shown.put(column, List.of(live.isEmpty() ? NO_ROW : shorten(RowValues.text(live.get(0).getField(column))),
          replay.isEmpty() ? NO_ROW : shorten(RowValues.text(replay.get(0).getField(column)))));
    }
    return shown;
  }

  private static Map<String, List<Record>> rows(Table table, ComparedTable shape, RowValues values, Set<String> keys) {
    Map<String, List<Record>> rows = new HashMap<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).select(values.columns()).build()) {
      for (Record row : records) {
        String key = RowValues.key(row, shape.key());
        if (keys.contains(key)) {
          rows.computeIfAbsent(key, k -> new ArrayList<>()).add(row.copy());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + table.name() + ": " + e.getMessage(), e);
    }
    return rows;
  }

  private static String shorten(String value) {
    return value.length() <= LONGEST_VALUE ? value : value.substring(0, LONGEST_VALUE - 3) + "...";
  }
}
