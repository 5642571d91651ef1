package dev.lakehouse.e2e;

import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.TableSurgery;
import dev.lakehouse.e2e.harness.TableSurgery.LandedRow;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.iceberg.data.Record;

/**
 * The ways a real fault breaks the landed tables, each done through the Iceberg API as a faulty
 * writer would (see {@link TableSurgery}). Each returns the lines the independent checker must print
 * for it: the kind of break, the table, the Kafka partition and offset of the row, and the row's key
 * as the checker names it ({@code checker/model.py}, {@code ROW_KEYS}).
 */
final class LandedTableFaults {
  private static final String TOPIC = "_kafka_metadata_topic";
  private static final String PARTITION = "_kafka_metadata_partition";
  private static final String OFFSET = "_kafka_metadata_offset";

  private final TableSurgery ordersEnriched;
  private final TableSurgery revenueWindows;
  private final TableSurgery paymentWindows;
  private final TableSurgery lateEvents;
  private final TableSurgery orderPayments;
  private final TableSurgery deadLetters;

  LandedTableFaults(IcebergTables tables) {
    ordersEnriched = new TableSurgery(tables.load("orders_enriched"));
    revenueWindows = new TableSurgery(tables.load("revenue_by_merchant_1m"));
    paymentWindows = new TableSurgery(tables.load("payments_by_outcome_1m"));
    lateEvents = new TableSurgery(tables.load("late_events"));
    orderPayments = new TableSurgery(tables.load("order_payments"));
    deadLetters = new TableSurgery(tables.load("dead_letters"));
  }

  /** Every table a fault may change, to take their snapshots before and restore them after. */
  List<TableSurgery> tables() {
    return List.of(ordersEnriched, revenueWindows, paymentWindows, lateEvents, orderPayments, deadLetters);
  }

  /** A compaction that drops one row: its data file rewritten without it. */
  List<String> rowDeleted() {
    LandedRow order = notLastOfItsPartition(ordersEnriched.rows());
    ordersEnriched.rewrite(order.file(), rows -> without(rows, order));
    return List.of(line("lost", "orders_enriched", order, "event_id", "order_id"));
  }

  /** The sink's upstream bug after a rebalance: one data file committed twice. */
  List<String> dataFileAppendedTwice() {
    List<LandedRow> rows = orderPayments.rows();
    LandedRow inFile = middle(rows);
    orderPayments.appendAgain(inFile.file());
    // the checker names the first duplicated offset of each Kafka partition: here, the file's first of one
    LandedRow first = rows.stream().filter(r -> r.file().location().equals(inFile.file().location()))
        .filter(r -> r.get(PARTITION).equals(inFile.get(PARTITION)))
        .min(Comparator.comparing(r -> (Long) r.get(OFFSET))).orElseThrow();
    return List.of("file-registered-twice: order_payments partition None offset None: data file " + inFile.file().location()
            + " is registered 2 times",
        line("duplicated", "order_payments", first, "order_id", "status", "order_event_id"));
  }

  /** A valid order counted as refused: its enriched row gone, a dead letter naming it in its place. */
  List<String> validOrderRelabelledAsDeadLetter() {
    LandedRow order = notLastOfItsPartition(ordersEnriched.rows());
    List<LandedRow> letters = deadLetters.rows();
    LandedRow template = letters.get(0);
    long beyondEnd = letters.stream().filter(r -> r.get(PARTITION).equals(template.get(PARTITION)))
        .mapToLong(r -> (Long) r.get(OFFSET)).max().orElseThrow() + 1_000;
    Record forged = template.row().copy();
    forged.setField("reason", "relabelled by a fault");
    forged.setField("error_class", "INVALID_VALUE");
    forged.setField("source_topic", order.get("source_topic"));
    forged.setField("source_partition", order.get("source_partition"));
    forged.setField("source_offset", order.get("source_offset"));
    forged.setField("record_key", order.get("order_id"));
    forged.setField("record_value", null);
    forged.setField("event_time", order.get("event_time"));
    forged.setField(OFFSET, beyondEnd);
    ordersEnriched.rewrite(order.file(), rows -> without(rows, order));
    deadLetters.append(template.file(), List.of(forged));
    return List.of(line("lost", "orders_enriched", order, "event_id", "order_id"),
        "extra: dead_letters partition " + template.get(PARTITION) + " offset " + beyondEnd + " (source_topic="
            + order.get("source_topic") + ", source_partition=" + order.get("source_partition") + ", source_offset="
            + order.get("source_offset") + ", error_class=INVALID_VALUE)");
  }

  /** A window's total changed in its data file (revenue one unit higher). */
  List<String> windowTotalChanged() {
    LandedRow window = middle(revenueWindows.rows());
    BigDecimal revenue = (BigDecimal) window.get("revenue");
    revenueWindows.rewrite(window.file(), rows -> changed(rows, window, Map.of("revenue", revenue.add(BigDecimal.ONE))));
    return List.of(line("changed", "revenue_by_merchant_1m", window, "merchant_id", "currency", "window_start")
        + ": revenue: topic '" + revenue.toPlainString() + "', table '" + revenue.add(BigDecimal.ONE).toPlainString() + "'");
  }

  /** An event too late for its window counted in it after all: its late-events row gone, its window's count and total up by it. */
  List<String> lateEventMovedIntoItsWindow() {
    List<LandedRow> revenue = revenueWindows.rows();
    List<LandedRow> payments = paymentWindows.rows();
    List<LandedRow> late = lateEvents.rows();
    Map<Integer, Long> last = lastOffsets(late);
    for (LandedRow event : late) {
      boolean order = "order".equals(event.get("event_type"));
      List<String> key = order ? List.of("merchant_id", "currency", "window_start") : List.of("outcome", "window_start");
      Optional<LandedRow> window = (order ? revenue : payments).stream()
          .filter(w -> key.stream().allMatch(column -> Objects.equals(w.get(column), event.get(column)))).findFirst();
      if (window.isPresent() && (Long) event.get(OFFSET) < last.get((Integer) event.get(PARTITION))) {
        return moveIntoWindow(event, window.get(), order);
      }
    }
    throw new IllegalStateException("Cannot find a late event, not the last of its partition, whose window was emitted, among "
        + late.size() + " late events");
  }

  private List<String> moveIntoWindow(LandedRow event, LandedRow window, boolean order) {
    String count = order ? "order_count" : "payment_count";
    String total = order ? "revenue" : "amount_total";
    BigDecimal amount = (BigDecimal) event.get("amount");
    lateEvents.rewrite(event.file(), rows -> without(rows, event));
    (order ? revenueWindows : paymentWindows).rewrite(window.file(), rows -> changed(rows, window,
        Map.of(count, (Long) window.get(count) + 1, total, ((BigDecimal) window.get(total)).add(amount))));
    return List.of(line("lost", "late_events", event, "event_type", "event_id", "window_start"),
        order ? line("changed", "revenue_by_merchant_1m", window, "merchant_id", "currency", "window_start")
            : line("changed", "payments_by_outcome_1m", window, "outcome", "window_start"));
  }

  /** The checker's line for one row: {@code <kind>: <table> partition <p> offset <o> (<key>=<value>, ...)}. */
  private static String line(String kind, String table, LandedRow row, String... keyColumns) {
    String key = Stream.of(keyColumns).map(column -> column + "=" + text(row.get(column))).collect(Collectors.joining(", "));
    return kind + ": " + table + " partition " + row.get(PARTITION) + " offset " + row.get(OFFSET) + " (" + key + ")";
  }

  private static String text(Object value) {
    return value instanceof OffsetDateTime time ? time.toInstant().toString() : String.valueOf(value);
  }

  /** A row some later row of its Kafka partition follows, so that its loss is a hole, not a tail not landed yet. */
  private static LandedRow notLastOfItsPartition(List<LandedRow> rows) {
    Map<Integer, Long> last = lastOffsets(rows);
    return rows.stream().filter(r -> (Long) r.get(OFFSET) < last.get((Integer) r.get(PARTITION)))
        .sorted(Comparator.comparing((LandedRow r) -> (Integer) r.get(PARTITION)).thenComparing(r -> (Long) r.get(OFFSET)))
        .skip(rows.size() / 3).findFirst().orElseThrow();
  }

  private static LandedRow middle(List<LandedRow> rows) {
    return rows.stream().sorted(Comparator.comparing((LandedRow r) -> (Integer) r.get(PARTITION)).thenComparing(r -> (Long) r.get(OFFSET)))
        .skip(rows.size() / 2).findFirst().orElseThrow();
  }

  private static Map<Integer, Long> lastOffsets(List<LandedRow> rows) {
    Map<Integer, Long> last = new HashMap<>();
    rows.forEach(r -> last.merge((Integer) r.get(PARTITION), (Long) r.get(OFFSET), Math::max));
    return last;
  }

  private static boolean same(Record record, LandedRow row) {
    return Objects.equals(record.getField(TOPIC), row.get(TOPIC)) && Objects.equals(record.getField(PARTITION), row.get(PARTITION))
        && Objects.equals(record.getField(OFFSET), row.get(OFFSET));
  }

  private static List<Record> without(List<Record> rows, LandedRow removed) {
    return rows.stream().filter(r -> !same(r, removed)).toList();
  }

  private static List<Record> changed(List<Record> rows, LandedRow target, Map<String, Object> values) {
    return rows.stream().map(r -> {
      if (!same(r, target)) {
        return r;
      }
      Record copy = r.copy();
      values.forEach(copy::setField);
      return copy;
    }).toList();
  }
}
