package dev.lakehouse.e2e;

import dev.lakehouse.e2e.harness.RowSource;
import dev.lakehouse.e2e.oracle.ExpectedTable;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.TableDiff;
import dev.lakehouse.generator.EventClass;
import dev.lakehouse.generator.Manifest;
import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Reads every landed table once and compares it with the oracle: row by row, late-event bounds,
 * and the balance per input ({@code generated = rows + late + dead letters + duplicates dropped +
 * tail still in open windows}).
 */
final class PipelineVerification {
  private final Map<OutputTable, List<Map<String, Object>>> actual = new EnumMap<>(OutputTable.class);
  private final Map<OutputTable, TableDiff> diffs = new EnumMap<>(OutputTable.class);
  private final List<String> problems = new ArrayList<>();
  private final List<String> lines = new ArrayList<>();

  PipelineVerification(RowSource tables, Map<OutputTable, ExpectedTable> expected, Manifest manifest,
      Duration grace) {
    for (Map.Entry<OutputTable, ExpectedTable> table : expected.entrySet()) {
      List<Map<String, Object>> rows = tables.rows(table.getKey());
      actual.put(table.getKey(), rows);
      TableDiff diff = TableDiff.of(table.getValue(), rows);
      diffs.put(table.getKey(), diff);
      lines.add(diff.report());
      if (!diff.matches()) {
        problems.add(diff.report());
      }
    }
    checkLateBounds(manifest, grace);
    checkBalance(expected, manifest);
  }

  Map<OutputTable, TableDiff> diffs() {
    return diffs;
  }

  /** The rows the compared tables held, all tables together. */
  long rows() {
    return actual.values().stream().mapToLong(List::size).sum();
  }

  boolean ok() {
    return problems.isEmpty();
  }

  String report() {
    return String.join(System.lineSeparator(), lines);
  }

  String problems() {
    return String.join(System.lineSeparator(), problems);
  }

  /** stream_time is not deterministic, but lies between the window's close and the last event time. */
  private void checkLateBounds(Manifest manifest, Duration grace) {
    long lastHead = manifest.lastHead().toEpochMilli();
    for (Map<String, Object> row : actual.get(OutputTable.LATE_EVENTS)) {
      long streamTime = (Long) row.get("stream_time");
      long closesAt = (Long) row.get("window_end") + grace.toMillis();
      long lateness = (Long) row.get("lateness_ms");
      if (streamTime < closesAt || streamTime > lastHead || lateness != streamTime - closesAt) {
        problems.add("late_events: " + row.get("event_id") + " has stream_time " + streamTime + ", lateness_ms "
            + lateness + "; expected stream_time in [window_end + grace = " + closesAt + ", last event time = "
            + lastHead + "] and lateness_ms = stream_time - (window_end + grace)");
      }
    }
  }

  private void checkBalance(Map<OutputTable, ExpectedTable> expected, Manifest manifest) {
    long enriched = actual.get(OutputTable.ORDERS_ENRICHED).size()
        - diffs.get(OutputTable.ORDERS_ENRICHED).presentOptionalRows();
    balance(Topics.ORDERS, manifest, enriched, "orders_enriched rows", lateRows("order"));
    ExpectedTable paymentWindows = expected.get(OutputTable.PAYMENTS_BY_OUTCOME_1M);
    long counted = actual.get(OutputTable.PAYMENTS_BY_OUTCOME_1M).stream()
        .filter(row -> paymentWindows.rows().containsKey(OutputTable.PAYMENTS_BY_OUTCOME_1M.key(row)))
        .mapToLong(row -> (Long) row.get("payment_count")).sum();
    balance(Topics.PAYMENTS, manifest, counted, "payments counted in payments_by_outcome_1m (tail windows aside)",
        lateRows("payment"));
  }

  private long lateRows(String eventType) {
    return actual.get(OutputTable.LATE_EVENTS).stream().filter(r -> eventType.equals(r.get("event_type"))).count();
  }

  private void balance(String topic, Manifest manifest, long rows, String rowsWhat, long late) {
    long deadLetters = actual.get(OutputTable.DEAD_LETTERS).stream()
        .filter(r -> topic.equals(r.get("source_topic")) && !"UNKNOWN_ORDER".equals(r.get("error_class")))
        .count();
    long duplicates = manifest.count(topic, EventClass.DUPLICATE);
    long tail = manifest.count(topic, EventClass.TAIL);
    long generated = manifest.total(topic);
    // orders_enriched holds late orders too; the window tables do not
    long lateInBalance = topic.equals(Topics.ORDERS) ? 0 : late;
    long accounted = rows + lateInBalance + deadLetters + duplicates + tail;
    String line = "balance " + topic + ": generated " + generated + " = " + rowsWhat + " " + rows
        + (lateInBalance > 0 ? " + late " + lateInBalance : "") + " + dead letters " + deadLetters
        + " + duplicates dropped " + duplicates + " + tail " + tail + " (= " + accounted + ")";
    lines.add(line);
    if (accounted != generated) {
      problems.add(line + ": does not add up");
    }
  }
}
