package dev.lakehouse.maintenance.replay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * One run's rows of a table as the comparison holds them: per business key a digest of the compared
 * values, how many rows hold the key and whether one lies inside the cut; and, over the rows inside
 * the cut, the count per value of the group column and the sums.
 */
final class TableSide {
  /** What is kept of the rows of one key. */
  static final class Seen {
    long digest;
    int rows;
    boolean inside;
  }

  final Map<String, Seen> byKey = new HashMap<>();
  final Map<String, Long> groups = new TreeMap<>();
  final Map<String, BigDecimal> sums = new LinkedHashMap<>();
  long rows;
  long inside;

  static TableSide read(Table table, ComparedTable shape, RowValues values, ComparisonCut cut) {
    TableSide side = new TableSide();
    shape.sums().forEach(column -> side.sums.put(column, BigDecimal.ZERO));
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).select(values.columns()).build()) {
      for (Record row : records) {
        side.add(row, shape, values, cut);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + table.name() + ": " + e.getMessage(), e);
    }
    return side;
  }

  private void add(Record row, ComparedTable shape, RowValues values, ComparisonCut cut) {
    rows++;
    boolean in = isInside(row, shape.region(), cut);
    Seen seen = byKey.computeIfAbsent(RowValues.key(row, shape.key()), k -> new Seen());
    // a key held by several rows: their digests add up, so the order they are read in does not matter
    seen.digest += values.digest(row);
    seen.rows++;
    seen.inside |= in;
    if (!in) {
      return;
    }
    inside++;
    groups.merge(RowValues.text(row.getField(shape.groupBy())), 1L, Long::sum);
    for (String column : shape.sums()) {
      Object value = row.getField(column);
      if (value instanceof Number number) {
        sums.merge(column, number instanceof BigDecimal d ? d : new BigDecimal(number.toString()), BigDecimal::add);
      }
    }
  }

  static boolean isInside(Record row, ComparedTable.Region region, ComparisonCut cut) {
    return switch (region) {
      case LINEAGE -> cut.includesInput((String) row.getField("source_topic"), (Integer) row.getField("source_partition"),
          (Long) row.getField("source_offset"));
      case WINDOW -> cut.includesWindow(((OffsetDateTime) row.getField("window_start")).toInstant(),
          ((OffsetDateTime) row.getField("window_end")).toInstant());
    };
  }

  /** The columns a region is decided by; the table must have them. */
  static List<String> regionColumns(ComparedTable.Region region) {
    return switch (region) {
      case LINEAGE -> List.of("source_topic", "source_partition", "source_offset");
      case WINDOW -> List.of("window_start", "window_end");
    };
  }
}
