package dev.lakehouse.maintenance.replay;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * How far one run has read each input partition, from its landed {@code pipeline_ledger}: the
 * offsets of each ledger row, in offset order, with the partition's stream time after it. Only rows
 * emitted before the settle time count, so that every output of the records they count has landed.
 */
final class LedgerFrontier {
  private static final List<String> COLUMNS = List.of("source_topic", "source_partition", "first_offset", "last_offset",
      "stream_time", "window_stream_time", "emitted_at");

  /**
   * One ledger row.
   *
   * @param streamTime the partition's stream time after the interval (the highest event time of a
   *     valid record read), or null before its first valid record: no record of the row arrived later
   * @param windowStreamTime the stream time of the partition's window step after the interval, or null
   */
  record Interval(long first, long last, Instant streamTime, Instant windowStreamTime) {
    /** How far this run's results are decided after the interval: the lower of its two stream times. */
    Instant progress() {
      if (streamTime == null || windowStreamTime == null) {
        return streamTime == null ? windowStreamTime : streamTime;
      }
      return streamTime.isBefore(windowStreamTime) ? streamTime : windowStreamTime;
    }
  }

  private final Map<String, List<Interval>> byPartition;

  LedgerFrontier(Map<String, List<Interval>> byPartition) {
    this.byPartition = new TreeMap<>();
    byPartition.forEach((partition, rows) -> {
      List<Interval> sorted = new ArrayList<>(rows);
      sorted.sort(Comparator.comparingLong(Interval::first));
      this.byPartition.put(partition, List.copyOf(sorted));
    });
  }

  static LedgerFrontier read(Table ledger, Instant settledBefore) {
    Map<String, List<Interval>> rows = new TreeMap<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(ledger).select(COLUMNS).build()) {
      for (Record r : records) {
        if (instant(r.getField("emitted_at")).isAfter(settledBefore)) {
          continue;
        }
        String partition = r.getField("source_topic") + "-" + r.getField("source_partition");
        rows.computeIfAbsent(partition, p -> new ArrayList<>()).add(new Interval((Long) r.getField("first_offset"),
            (Long) r.getField("last_offset"), instant(r.getField("stream_time")),
            instant(r.getField("window_stream_time"))));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + ledger.name() + ": " + e.getMessage(), e);
    }
    return new LedgerFrontier(rows);
  }

  /** Partition names ({@code orders-0}) with their rows, in offset order. */
  Map<String, List<Interval>> partitions() {
    return byPartition;
  }

  boolean isEmpty() {
    return byPartition.isEmpty();
  }

  private static Instant instant(Object value) {
    return value == null ? null : ((OffsetDateTime) value).toInstant();
  }
}
