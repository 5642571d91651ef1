package dev.lakehouse.maintenance.audit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * The landed {@code pipeline_ledger} rows per input partition, sorted by offset: finds the row that
 * counted an input offset, and where the rows of a partition do not tile its offsets (a gap: offsets
 * no row counted; an overlap: offsets two rows counted). A row that read nothing ({@code n+1..n}: it
 * only carries later UNKNOWN_ORDER verdicts) sorts before the row that reads on from {@code n+1}.
 */
final class LedgerIntervals {
  private static final List<String> COLUMNS = List.of("source_topic", "source_partition", "first_offset", "last_offset",
      "kept", "late", "dead_lettered", "emitted_at");
  // added in version 2 of the contract: a table the sink created before has it only once such a row landed
  private static final String UNKNOWN_ORDERS = "dead_lettered_unknown_order";

  private final List<LedgerInterval> all;
  private final Map<String, List<LedgerInterval>> byPartition;
  private final Set<String> topics;

  LedgerIntervals(List<LedgerInterval> rows) {
    this.all = List.copyOf(rows);
    this.byPartition = new HashMap<>();
    rows.forEach(row -> byPartition.computeIfAbsent(key(row.topic(), row.partition()), k -> new ArrayList<>()).add(row));
    byPartition.values().forEach(list -> list.sort(Comparator.comparingLong(LedgerInterval::firstOffset)
        .thenComparingLong(LedgerInterval::lastOffset)));
    this.topics = rows.stream().map(LedgerInterval::topic).collect(Collectors.toSet());
  }

  static LedgerIntervals read(Table ledger) {
    List<LedgerInterval> rows = new ArrayList<>();
    List<String> columns = new ArrayList<>(COLUMNS);
    if (ledger.schema().findField(UNKNOWN_ORDERS) != null) {
      columns.add(UNKNOWN_ORDERS);
    }
    try (CloseableIterable<Record> records = IcebergGenerics.read(ledger).select(columns).build()) {
      for (Record r : records) {
        rows.add(new LedgerInterval(rows.size(), (String) r.getField("source_topic"), (Integer) r.getField("source_partition"),
            (Long) r.getField("first_offset"), (Long) r.getField("last_offset"), (Long) r.getField("kept"),
            (Long) r.getField("late"), (Long) r.getField("dead_lettered"),
            columns.contains(UNKNOWN_ORDERS) ? (Long) r.getField(UNKNOWN_ORDERS) : null,
            ((OffsetDateTime) r.getField("emitted_at")).toInstant()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + ledger.name() + ": " + e.getMessage(), e);
    }
    return new LedgerIntervals(rows);
  }

  List<LedgerInterval> all() {
    return all;
  }

  boolean counts(String topic) {
    return topics.contains(topic);
  }

  /** The partitions of an input that have rows, in order. */
  List<Integer> partitions(String topic) {
    return all.stream().filter(row -> row.topic().equals(topic)).map(LedgerInterval::partition).distinct().sorted()
        .toList();
  }

  /** The rows of an input partition in offset order; empty when the ledger has none. */
  List<LedgerInterval> of(String topic, int partition) {
    return byPartition.getOrDefault(key(topic, partition), List.of());
  }

  /**
   * The row that counted an input offset; null when none did: after the partition's newest row (it
   * is counted next), before its first (read while the ledger was off), or in a tiling gap.
   */
  LedgerInterval locate(String topic, int partition, long offset) {
    List<LedgerInterval> rows = byPartition.get(key(topic, partition));
    if (rows == null || offset > rows.get(rows.size() - 1).lastOffset()) {
      return null;
    }
    int low = 0;
    int high = rows.size() - 1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      LedgerInterval row = rows.get(mid);
      if (offset < row.firstOffset()) {
        high = mid - 1;
      } else if (offset > row.lastOffset()) {
        low = mid + 1;
      } else {
        return row;
      }
    }
    return null;
  }

  /** Each place where consecutive rows of a partition do not meet, e.g. {@code orders-1 offsets 120..130 counted by no row}. */
  List<String> tilingBreaks() {
    List<String> breaks = new ArrayList<>();
    byPartition.values().forEach(rows -> {
      for (int i = 1; i < rows.size(); i++) {
        LedgerInterval previous = rows.get(i - 1);
        LedgerInterval row = rows.get(i);
        String partition = row.topic() + "-" + row.partition();
        if (row.firstOffset() > previous.lastOffset() + 1) {
          breaks.add(partition + " offsets " + (previous.lastOffset() + 1) + ".." + (row.firstOffset() - 1)
              + " counted by no ledger row");
        } else if (row.firstOffset() <= previous.lastOffset()) {
          breaks.add(partition + " offsets " + row.firstOffset() + ".." + Math.min(row.lastOffset(), previous.lastOffset())
              + " counted by two ledger rows");
        }
      }
    });
    breaks.sort(null);
    return breaks;
  }

  private static String key(String topic, int partition) {
    return topic + "/" + partition;
  }
}
