package dev.lakehouse.e2e.oracle;

import static dev.lakehouse.e2e.oracle.Values.normalize;

import dev.lakehouse.generator.EventClass;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.generator.MalformedKind;
import dev.lakehouse.generator.PlannedRecord;
import dev.lakehouse.generator.ProducedRecord;
import dev.lakehouse.schemas.Topics;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;

/**
 * What every landed table must contain after a generator run, computed in plain Java from the
 * produced records and the documented semantics (TOPOLOGY.md and the .avsc docs), independently of
 * the Streams topology:
 *
 * <ul>
 *   <li>valid events: not malformed, not a re-sent duplicate; beyond-grace events are valid but late;
 *   <li>orders_enriched: every valid order, with the customer and merchant version valid at its event time;
 *   <li>1-minute windows (epoch-aligned, [start, start + 1 min)): PLACED orders per merchant and
 *       currency, payments per outcome; in-time events only; every window before the tail is closed;
 *   <li>late_events: the beyond-grace events;
 *   <li>dead_letters: the malformed records, with the error class of their kind;
 *   <li>order_payments: each valid PLACED order with its first SUCCEEDED payment in [order time,
 *       order time + join window] (PAID), else UNPAID once its join window closed.
 * </ul>
 *
 * The tail's rows are optional: its last events stay in open windows and stream-time buffers.
 */
public final class PipelineOracle {
  private static final long WINDOW_MS = 60_000;

  private final List<ProducedRecord> records;
  private final Duration joinWindow;
  private final ReferenceHistory customers = new ReferenceHistory();
  private final ReferenceHistory merchants = new ReferenceHistory();

  public PipelineOracle(GeneratorRun run, Duration joinWindow) {
    this.records = run.records();
    this.joinWindow = joinWindow;
    for (ProducedRecord r : records) {
      GenericRecord v = r.planned().value();
      if (r.topic().equals(Topics.CUSTOMERS)) {
        customers.add(String.valueOf(v.get("customer_id")), millis(v.get("updated_at")), v);
      } else if (r.topic().equals(Topics.MERCHANTS)) {
        merchants.add(String.valueOf(v.get("merchant_id")), millis(v.get("updated_at")), v);
      }
    }
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
    return records.stream()
        .filter(r -> r.topic().equals(topic))
        .filter(r -> switch (r.eventClass()) {
          case VALID, OUT_OF_ORDER_IN_GRACE, BEYOND_GRACE, TAIL -> true;
          default -> false;
        })
        .toList();
  }

  ExpectedTable ordersEnriched() {
    Map<String, Map<String, Object>> rows = new HashMap<>();
    Map<String, Map<String, Object>> tail = new HashMap<>();
    for (ProducedRecord r : valid(Topics.ORDERS)) {
      GenericRecord order = r.planned().value();
      long time = millis(order.get("event_time"));
      Map<String, Object> row = copy(order, "event_id", "order_id", "customer_id", "merchant_id", "status", "amount",
          "currency", "event_time");
      GenericRecord customer = customers.asOf(String.valueOf(order.get("customer_id")), time);
      GenericRecord merchant = merchants.asOf(String.valueOf(order.get("merchant_id")), time);
      row.put("customer_name", customer == null ? null : normalize(customer.get("name")));
      row.put("customer_country", customer == null ? null : normalize(customer.get("country")));
      row.put("customer_segment", customer == null ? null : normalize(customer.get("segment")));
      row.put("merchant_name", merchant == null ? null : normalize(merchant.get("name")));
      row.put("merchant_country", merchant == null ? null : normalize(merchant.get("country")));
      row.put("merchant_category", merchant == null ? null : normalize(merchant.get("category")));
      putLineage(row, r);
      (r.eventClass() == EventClass.TAIL ? tail : rows).put(String.valueOf(row.get("event_id")), row);
    }
    return new ExpectedTable(OutputTable.ORDERS_ENRICHED, rows, tail);
  }

  ExpectedTable revenueWindows() {
    return new ExpectedTable(OutputTable.REVENUE_BY_MERCHANT_1M, revenueRows(inTime(Topics.ORDERS)),
        revenueRows(tail(Topics.ORDERS)));
  }

  private Map<String, Map<String, Object>> revenueRows(List<ProducedRecord> orders) {
    Map<String, Window> windows = new HashMap<>();
    for (ProducedRecord r : orders) {
      GenericRecord order = r.planned().value();
      if ("PLACED".equals(String.valueOf(order.get("status")))) {
        String merchant = String.valueOf(order.get("merchant_id"));
        String currency = String.valueOf(order.get("currency"));
        long time = millis(order.get("event_time"));
        long start = time - time % WINDOW_MS;
        windows.computeIfAbsent(merchant + "|" + currency + "|" + start, k -> new Window(start))
            .add((BigDecimal) order.get("amount"), time);
      }
    }
    Map<String, Map<String, Object>> rows = new HashMap<>();
    windows.forEach((key, w) -> {
      String[] parts = key.split("\\|");
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("merchant_id", parts[0]);
      row.put("currency", parts[1]);
      w.into(row, "order_count", "revenue");
      rows.put(key, row);
    });
    return rows;
  }

  ExpectedTable paymentWindows() {
    return new ExpectedTable(OutputTable.PAYMENTS_BY_OUTCOME_1M, paymentRows(inTime(Topics.PAYMENTS)),
        paymentRows(tail(Topics.PAYMENTS)));
  }

  private Map<String, Map<String, Object>> paymentRows(List<ProducedRecord> payments) {
    Map<String, Window> windows = new HashMap<>();
    for (ProducedRecord r : payments) {
      GenericRecord payment = r.planned().value();
      long time = millis(payment.get("event_time"));
      long start = time - time % WINDOW_MS;
      windows.computeIfAbsent(payment.get("outcome") + "|" + start, k -> new Window(start))
          .add((BigDecimal) payment.get("amount"), time);
    }
    Map<String, Map<String, Object>> rows = new HashMap<>();
    windows.forEach((key, w) -> {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("outcome", key.substring(0, key.indexOf('|')));
      w.into(row, "payment_count", "amount_total");
      rows.put(key, row);
    });
    return rows;
  }

  /** The tail's events: their windows close only if a later tail event moved stream time far enough. */
  private List<ProducedRecord> tail(String topic) {
    return valid(topic).stream().filter(r -> r.eventClass() == EventClass.TAIL).toList();
  }

  /** Valid events counted in windows: not late, not the tail (whose windows stay open). */
  private List<ProducedRecord> inTime(String topic) {
    return valid(topic).stream()
        .filter(r -> r.eventClass() == EventClass.VALID || r.eventClass() == EventClass.OUT_OF_ORDER_IN_GRACE)
        .toList();
  }

  ExpectedTable lateEvents() {
    Map<String, Map<String, Object>> rows = new HashMap<>();
    for (ProducedRecord r : records) {
      if (r.eventClass() != EventClass.BEYOND_GRACE) {
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
      row.put("window_start", time - time % WINDOW_MS);
      row.put("window_end", time - time % WINDOW_MS + WINDOW_MS);
      putLineage(row, r);
      rows.put(String.valueOf(row.get("event_id")), row);
    }
    return new ExpectedTable(OutputTable.LATE_EVENTS, rows, Map.of());
  }

  ExpectedTable deadLetters() {
    Map<String, Map<String, Object>> rows = new HashMap<>();
    for (ProducedRecord r : records) {
      if (r.eventClass() != EventClass.MALFORMED) {
        continue;
      }
      PlannedRecord planned = r.planned();
      MalformedKind kind = planned.malformedKind();
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("error_class", kind.errorClass());
      putLineage(row, r);
      row.put("record_key", planned.key());
      row.put("record_value", normalize(planned.valueBytes()));
      // the event time is known when the bytes could be read as an event
      boolean readable = kind != MalformedKind.NOT_AVRO && kind != MalformedKind.TRUNCATED_AVRO
          && kind != MalformedKind.UNKNOWN_SCHEMA_ID;
      row.put("event_time", readable ? normalize(planned.value().get("event_time")) : null);
      rows.put(row.get("source_topic") + "|" + row.get("source_partition") + "|" + row.get("source_offset"), row);
    }
    return new ExpectedTable(OutputTable.DEAD_LETTERS, rows, Map.of());
  }

  ExpectedTable orderPayments() {
    Map<String, ProducedRecord> firstSuccess = new HashMap<>();
    for (ProducedRecord r : valid(Topics.PAYMENTS)) {
      GenericRecord payment = r.planned().value();
      if ("SUCCEEDED".equals(String.valueOf(payment.get("outcome")))) {
        firstSuccess.putIfAbsent(String.valueOf(payment.get("order_id")), r);
      }
    }
    Map<String, Map<String, Object>> rows = new HashMap<>();
    Map<String, Map<String, Object>> tail = new HashMap<>();
    for (ProducedRecord r : valid(Topics.ORDERS)) {
      GenericRecord order = r.planned().value();
      if (!"PLACED".equals(String.valueOf(order.get("status")))) {
        continue;
      }
      String orderId = String.valueOf(order.get("order_id"));
      long orderTime = millis(order.get("event_time"));
      ProducedRecord paid = firstSuccess.get(orderId);
      Long paidAt = paid == null ? null : millis(paid.planned().value().get("event_time"));
      boolean inWindow = paidAt != null && paidAt >= orderTime && paidAt <= orderTime + joinWindow.toMillis();
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
      row.put("event_time", payment == null ? orderTime + joinWindow.toMillis() : paidAt);
      putLineage(row, payment == null ? r : paid);
      // a tail order's join window never closes: only its PAID row (emitted on the match) lands
      boolean isTail = r.eventClass() == EventClass.TAIL;
      if (!isTail || payment != null) {
        rows.put(orderId, row);
      } else {
        tail.put(orderId, row);
      }
    }
    return new ExpectedTable(OutputTable.ORDER_PAYMENTS, rows, tail);
  }

  private static Map<String, Object> copy(GenericRecord record, String... fields) {
    Map<String, Object> row = new LinkedHashMap<>();
    for (String field : fields) {
      row.put(field, normalize(record.get(field)));
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
      row.put("window_end", start + WINDOW_MS);
      row.put(countColumn, count);
      row.put(totalColumn, normalize(total));
      row.put("event_time", latest);
    }
  }
}
