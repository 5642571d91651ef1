package dev.lakehouse.e2e.oracle;

import static dev.lakehouse.e2e.oracle.Values.normalize;

import dev.lakehouse.generator.EventClass;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.generator.MalformedKind;
import dev.lakehouse.generator.PlannedRecord;
import dev.lakehouse.generator.ProducedRecord;
import dev.lakehouse.schemas.Topics;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.apache.avro.generic.GenericRecord;

/**
 * What every landed table must contain after one or more generator runs (produced one after the
 * other, so stream time carries over), computed in plain Java from the produced records and the
 * documented semantics (TOPOLOGY.md and the .avsc docs), independently of the Streams topology:
 *
 * <ul>
 *   <li>valid events: not malformed, not a re-sent duplicate, not too far ahead of the wall clock;
 *       which are late, and which windows and join windows closed, follows from stream time per input
 *       partition ({@link StreamReplay}), not from what the generator meant them to be;
 *   <li>orders_enriched: every valid order, with the customer and merchant version valid at its event
 *       time among the versions produced before it;
 *   <li>1-minute windows (epoch-aligned, [start, start + 1 min)): PLACED orders per merchant and
 *       currency, payments per outcome; events in time for their partition only;
 *   <li>late_events: the events too late for their window;
 *   <li>dead_letters: the malformed records, with the error class of their kind, events too far ahead,
 *       and the successful payments that meet no PLACED order (UNKNOWN_ORDER) once their wait ended;
 *   <li>order_payments: each valid PLACED order with its first SUCCEEDED payment that meets it by the
 *       join's rule ({@link StreamReplay#meet}: in [order time, order time + join window], each in time
 *       for the other's deadline) (PAID), else UNPAID once its join window closed.
 * </ul>
 *
 * Rows are optional when they may or may not have landed: windows and join windows still open, and
 * the last run's tail (its last events stay in open windows and stream-time buffers).
 */
public final class PipelineOracle {
  private final List<ProducedRecord> records = new ArrayList<>();
  private final Set<ProducedRecord> tail = Collections.newSetFromMap(new IdentityHashMap<>());
  private final AppSettings settings;
  private final StreamReplay replay;

  public PipelineOracle(GeneratorRun run, AppSettings settings) {
    this(List.of(run), settings);
  }

  /** The expected tables after {@code runs}, produced in this order. */
  public PipelineOracle(List<GeneratorRun> runs, AppSettings settings) {
    runs.forEach(run -> records.addAll(run.records()));
    runs.get(runs.size() - 1).records().stream().filter(r -> r.eventClass() == EventClass.TAIL).forEach(tail::add);
    this.settings = settings;
    this.replay = new StreamReplay(records, settings);
  }

  public Map<OutputTable, ExpectedTable> expectedTables() {
    Map<OutputTable, ExpectedTable> tables = new LinkedHashMap<>();
    tables.put(OutputTable.ORDERS_ENRICHED, ordersEnriched());
    tables.put(OutputTable.REVENUE_BY_MERCHANT_1M, revenueWindows());
    tables.put(OutputTable.PAYMENTS_BY_OUTCOME_1M, paymentWindows());
    tables.put(OutputTable.LATE_EVENTS, lateEvents());
    tables.put(OutputTable.DEAD_LETTERS, deadLetters());
    tables.put(OutputTable.ORDER_PAYMENTS, orderPayments());
    return tables;
  }

  private List<ProducedRecord> valid(String topic) {
    return records.stream().filter(r -> r.topic().equals(topic)).filter(replay::kept).toList();
  }

  ExpectedTable ordersEnriched() {
    ReferenceHistory customers = new ReferenceHistory();
    ReferenceHistory merchants = new ReferenceHistory();
    Map<String, Map<String, Object>> rows = new HashMap<>();
    Map<String, Map<String, Object>> optional = new HashMap<>();
    // in send order: an order sees the versions produced before it
    for (ProducedRecord r : records) {
      GenericRecord v = r.planned().value();
      if (r.topic().equals(Topics.CUSTOMERS)) {
        customers.add(String.valueOf(v.get("customer_id")), millis(v.get("updated_at")), v);
      } else if (r.topic().equals(Topics.MERCHANTS)) {
        merchants.add(String.valueOf(v.get("merchant_id")), millis(v.get("updated_at")), v);
      } else if (r.topic().equals(Topics.ORDERS) && replay.kept(r)) {
        Map<String, Object> row = enriched(r, customers, merchants);
        (tail.contains(r) ? optional : rows).put(String.valueOf(row.get("event_id")), row);
      }
    }
    return new ExpectedTable(OutputTable.ORDERS_ENRICHED, rows, optional);
  }

  private static Map<String, Object> enriched(ProducedRecord r, ReferenceHistory customers,
      ReferenceHistory merchants) {
    GenericRecord order = r.planned().value();
    long time = millis(order.get("event_time"));
    Map<String, Object> row = copy(order, "event_id", "order_id", "customer_id", "merchant_id", "status", "amount",
        "currency", "event_time", "channel", "discount_amount");
    GenericRecord customer = customers.asOf(String.valueOf(order.get("customer_id")), time);
    GenericRecord merchant = merchants.asOf(String.valueOf(order.get("merchant_id")), time);
    row.put("customer_name", customer == null ? null : normalize(customer.get("name")));
    row.put("customer_country", customer == null ? null : normalize(customer.get("country")));
    row.put("customer_segment", customer == null ? null : normalize(customer.get("segment")));
    row.put("merchant_name", merchant == null ? null : normalize(merchant.get("name")));
    row.put("merchant_country", merchant == null ? null : normalize(merchant.get("country")));
    row.put("merchant_category", merchant == null ? null : normalize(merchant.get("category")));
    putLineage(row, r);
    return row;
  }

  ExpectedTable revenueWindows() {
    Map<String, Window> windows = new HashMap<>();
    for (ProducedRecord r : inTime(Topics.ORDERS)) {
      GenericRecord order = r.planned().value();
      if ("PLACED".equals(String.valueOf(order.get("status")))) {
        window(windows, order.get("merchant_id") + "|" + order.get("currency"), r);
      }
    }
    return windowTable(OutputTable.REVENUE_BY_MERCHANT_1M, Topics.ORDERS, windows, (key, row) -> {
      String[] parts = key.split("\\|");
      row.put("merchant_id", parts[0]);
      row.put("currency", parts[1]);
    }, "order_count", "revenue");
  }

  ExpectedTable paymentWindows() {
    Map<String, Window> windows = new HashMap<>();
    for (ProducedRecord r : inTime(Topics.PAYMENTS)) {
      window(windows, String.valueOf(r.planned().value().get("outcome")), r);
    }
    return windowTable(OutputTable.PAYMENTS_BY_OUTCOME_1M, Topics.PAYMENTS, windows,
        (key, row) -> row.put("outcome", key.substring(0, key.indexOf('|'))), "payment_count", "amount_total");
  }

  private void window(Map<String, Window> windows, String groupKey, ProducedRecord r) {
    GenericRecord event = r.planned().value();
    long time = millis(event.get("event_time"));
    long start = StreamReplay.windowStart(time);
    Window w = windows.computeIfAbsent(groupKey + "|" + start, k -> new Window(start));
    w.add((BigDecimal) event.get("amount"), time);
    w.holdsTail |= tail.contains(r);
  }

  /** A window is certain to have landed once every partition closed it, unless it holds the tail. */
  private ExpectedTable windowTable(OutputTable table, String topic, Map<String, Window> windows,
      BiConsumer<String, Map<String, Object>> groupColumns, String countColumn, String totalColumn) {
    Map<String, Map<String, Object>> rows = new HashMap<>();
    Map<String, Map<String, Object>> optional = new HashMap<>();
    windows.forEach((key, w) -> {
      Map<String, Object> row = new LinkedHashMap<>();
      groupColumns.accept(key, row);
      w.into(row, countColumn, totalColumn);
      boolean certain = !w.holdsTail && replay.closedEverywhere(topic, w.start + StreamReplay.WINDOW_MS);
      (certain ? rows : optional).put(key, row);
    });
    return new ExpectedTable(table, rows, optional);
  }

  /** Valid events counted in windows: not late for their partition. */
  private List<ProducedRecord> inTime(String topic) {
    return valid(topic).stream().filter(r -> !replay.late(r)).toList();
  }

  ExpectedTable lateEvents() {
    Map<String, Map<String, Object>> rows = new HashMap<>();
    for (ProducedRecord r : records) {
      if (!replay.late(r)) {
        continue;
      }
      GenericRecord event = r.planned().value();
      boolean order = r.topic().equals(Topics.ORDERS);
      long time = millis(event.get("event_time"));
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("event_type", order ? "order" : "payment");
      row.put("event_id", normalize(event.get("event_id")));
      row.put("order_id", normalize(event.get("order_id")));
      row.put("payment_id", order ? null : normalize(event.get("payment_id")));
      row.put("merchant_id", order ? normalize(event.get("merchant_id")) : null);
      row.put("currency", order ? normalize(event.get("currency")) : null);
      row.put("status", order ? normalize(event.get("status")) : null);
      row.put("outcome", order ? null : normalize(event.get("outcome")));
      row.put("amount", normalize(event.get("amount")));
      row.put("event_time", time);
      row.put("window_start", StreamReplay.windowStart(time));
      row.put("window_end", StreamReplay.windowStart(time) + StreamReplay.WINDOW_MS);
      putLineage(row, r);
      rows.put(String.valueOf(row.get("event_id")), row);
    }
    return new ExpectedTable(OutputTable.LATE_EVENTS, rows, Map.of());
  }

  ExpectedTable deadLetters() {
    Map<String, Map<String, Object>> rows = new HashMap<>();
    for (ProducedRecord r : records) {
      PlannedRecord planned = r.planned();
      MalformedKind kind = planned.malformedKind();
      if (r.eventClass() != EventClass.MALFORMED && !replay.inFuture(r)) {
        continue;
      }
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("error_class", kind == null ? "EVENT_TIME_OUT_OF_RANGE" : kind.errorClass());
      putLineage(row, r);
      row.put("record_key", planned.key());
      row.put("record_value", normalize(planned.valueBytes()));
      // the event time is known when the bytes could be read as an event
      boolean readable = kind != MalformedKind.NOT_AVRO && kind != MalformedKind.TRUNCATED_AVRO
          && kind != MalformedKind.UNKNOWN_SCHEMA_ID;
      row.put("event_time", readable ? normalize(planned.value().get("event_time")) : null);
      rows.put(row.get("source_topic") + "|" + row.get("source_partition") + "|" + row.get("source_offset"), row);
    }
    Map<String, Map<String, Object>> optional = new HashMap<>();
    unknownOrders(rows, optional);
    return new ExpectedTable(OutputTable.DEAD_LETTERS, rows, optional);
  }

  /** The successful payments that meet no PLACED order: UNKNOWN_ORDER once their deadline fell due. */
  private void unknownOrders(Map<String, Map<String, Object>> rows, Map<String, Map<String, Object>> optional) {
    Map<String, List<ProducedRecord>> placed = new HashMap<>();
    for (ProducedRecord r : valid(Topics.ORDERS)) {
      if ("PLACED".equals(String.valueOf(r.planned().value().get("status")))) {
        placed.computeIfAbsent(r.planned().key(), k -> new ArrayList<>()).add(r);
      }
    }
    for (ProducedRecord payment : valid(Topics.PAYMENTS)) {
      GenericRecord value = payment.planned().value();
      if (!"SUCCEEDED".equals(String.valueOf(value.get("outcome")))
          || placed.getOrDefault(payment.planned().key(), List.of()).stream().anyMatch(o -> replay.meet(o, payment))) {
        continue;
      }
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("error_class", "UNKNOWN_ORDER");
      putLineage(row, payment);
      row.put("record_key", payment.planned().key());
      row.put("record_value", null);
      row.put("event_time", normalize(value.get("event_time")));
      boolean certain = !tail.contains(payment) && replay.paymentWaitClosed(payment);
      (certain ? rows : optional).put(row.get("source_topic") + "|" + row.get("source_partition") + "|"
          + row.get("source_offset"), row);
    }
  }

  ExpectedTable orderPayments() {
    Map<String, List<ProducedRecord>> successes = new HashMap<>();
    for (ProducedRecord r : valid(Topics.PAYMENTS)) {
      GenericRecord payment = r.planned().value();
      if ("SUCCEEDED".equals(String.valueOf(payment.get("outcome")))) {
        successes.computeIfAbsent(String.valueOf(payment.get("order_id")), k -> new ArrayList<>()).add(r);
      }
    }
    long joinWindowMs = settings.joinWindow().toMillis();
    Map<String, Map<String, Object>> rows = new HashMap<>();
    Map<String, Map<String, Object>> optional = new HashMap<>();
    for (ProducedRecord r : valid(Topics.ORDERS)) {
      GenericRecord order = r.planned().value();
      if (!"PLACED".equals(String.valueOf(order.get("status")))) {
        continue;
      }
      String orderId = String.valueOf(order.get("order_id"));
      long orderTime = millis(order.get("event_time"));
      // the first successful payment (in the partition's offset order) that meets the order pays it
      ProducedRecord paid = successes.getOrDefault(orderId, List.of()).stream()
          .filter(payment -> replay.meet(r, payment)).findFirst().orElse(null);
      Long paidAt = paid == null ? null : millis(paid.planned().value().get("event_time"));
      boolean inWindow = paid != null;
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("order_id", orderId);
      row.put("order_event_id", normalize(order.get("event_id")));
      row.put("customer_id", normalize(order.get("customer_id")));
      row.put("merchant_id", normalize(order.get("merchant_id")));
      row.put("order_amount", normalize(order.get("amount")));
      row.put("currency", normalize(order.get("currency")));
      row.put("order_time", orderTime);
      GenericRecord payment = inWindow ? paid.planned().value() : null;
      row.put("payment_id", payment == null ? null : normalize(payment.get("payment_id")));
      row.put("payment_amount", payment == null ? null : normalize(payment.get("amount")));
      row.put("payment_outcome", payment == null ? null : normalize(payment.get("outcome")));
      row.put("payment_time", payment == null ? null : paidAt);
      row.put("status", payment == null ? "UNPAID" : "PAID");
      row.put("event_time", payment == null ? orderTime + joinWindowMs : paidAt);
      putLineage(row, payment == null ? r : paid);
      // a PAID row is emitted on the match; an UNPAID one once the join window closed, which the tail's never does
      boolean certain = payment != null || (!tail.contains(r) && replay.joinWindowClosed(r));
      (certain ? rows : optional).put(orderId, row);
    }
    return new ExpectedTable(OutputTable.ORDER_PAYMENTS, rows, optional);
  }

  private static Map<String, Object> copy(GenericRecord record, String... fields) {
    Map<String, Object> row = new LinkedHashMap<>();
    for (String field : fields) {
      // a field the producer's contract version lacks reads as its default, null
      row.put(field, record.hasField(field) ? normalize(record.get(field)) : null);
    }
    return row;
  }

  private static void putLineage(Map<String, Object> row, ProducedRecord r) {
    row.put("source_topic", r.topic());
    row.put("source_partition", (long) r.partition());
    row.put("source_offset", r.offset());
  }

  private static long millis(Object time) {
    return ((Instant) time).toEpochMilli();
  }

  /** Running totals of one window. */
  private static final class Window {
    private final long start;
    private long count;
    private BigDecimal total = BigDecimal.ZERO.setScale(2);
    private long latest = Long.MIN_VALUE;
    private boolean holdsTail;

    Window(long start) {
      this.start = start;
    }

    void add(BigDecimal amount, long time) {
      count++;
      total = total.add(amount);
      latest = Math.max(latest, time);
    }

    void into(Map<String, Object> row, String countColumn, String totalColumn) {
      row.put("window_start", start);
      row.put("window_end", start + StreamReplay.WINDOW_MS);
      row.put(countColumn, count);
      row.put(totalColumn, normalize(total));
      row.put("event_time", latest);
    }
  }
}
