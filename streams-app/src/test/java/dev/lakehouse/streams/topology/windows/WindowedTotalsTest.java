package dev.lakehouse.streams.topology.windows;

import static org.assertj.core.api.Assertions.assertThat;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.LakehouseMetrics;
import dev.lakehouse.streams.topology.TestEvents;
import dev.lakehouse.streams.topology.TopologyHarness;
import dev.lakehouse.streams.topology.TopologySettings;
import dev.lakehouse.streams.topology.state.StreamTime;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WindowedTotalsTest {
  private static final Instant START = Instant.parse("2026-11-29T10:00:00Z");
  private static final Duration GRACE = Duration.ofMinutes(2);

  @TempDir Path stateDir;

  @Test
  void revenueMatchesTheOracleAndLateOrdersGoToLateEvents() {
    TestEvents events = new TestEvents(7);
    List<GenericRecord> orders = new ArrayList<>();
    for (Instant time : events.disorderedTimes(START, Duration.ofSeconds(3), 400, Duration.ofMinutes(4))) {
      orders.add(events.randomOrder(time));
    }
    orders.add(events.placedOrder(START.plus(Duration.ofMinutes(40))));

    List<WindowOracle.Event> placed = new ArrayList<>();
    for (GenericRecord order : orders) {
      if (order.get("status").equals("PLACED")) {
        placed.add(new WindowOracle.Event(order.get("event_id").toString(),
            order.get("currency") + "/" + order.get("merchant_id"), millis(order), (BigDecimal) order.get("amount")));
      }
    }
    WindowOracle oracle = new WindowOracle(placed, GRACE.toMillis());
    assertThat(oracle.outOfOrderOnTime).as("on-time events out of order").isGreaterThan(20);
    assertThat(oracle.latenessById).as("late events").hasSizeGreaterThan(5);

    try (TopologyHarness harness = new TopologyHarness(TopologySettings.builder().windowGrace(GRACE).build(), stateDir)) {
      orders.forEach(order -> harness.pipe(Topics.ORDERS, order));

      Map<WindowOracle.WindowKey, WindowOracle.Totals> actual = new HashMap<>();
      for (TestRecord<String, GenericRecord> record : harness.read(Topics.REVENUE_BY_MERCHANT_1M)) {
        GenericRecord row = record.value();
        assertThat(record.key()).isEqualTo(row.get("merchant_id").toString());
        assertThat(millis(row, "window_end") - millis(row, "window_start")).isEqualTo(WindowOracle.MINUTE);
        WindowOracle.WindowKey key = new WindowOracle.WindowKey(millis(row, "window_start"),
            row.get("currency") + "/" + row.get("merchant_id"));
        assertThat(actual).as("one final row per window").doesNotContainKey(key);
        actual.put(key, new WindowOracle.Totals((Long) row.get("order_count"), (BigDecimal) row.get("revenue"),
            millis(row, "event_time")));
      }
      assertThat(actual).isEqualTo(oracle.closedWindows);

      assertThat(latenessById(harness)).isEqualTo(oracle.latenessById);
      assertThat(harness.counter(LakehouseMetrics.RECORDS_LATE, Topics.ORDERS)).isEqualTo(oracle.latenessById.size());
    }
  }

  @Test
  void paymentsByOutcomeMatchTheOracle() {
    TestEvents events = new TestEvents(11);
    List<GenericRecord> payments = new ArrayList<>();
    for (Instant time : events.disorderedTimes(START, Duration.ofSeconds(2), 300, Duration.ofMinutes(3))) {
      payments.add(events.randomPayment(time));
    }
    payments.add(events.randomPayment(START.plus(Duration.ofMinutes(30))));
    List<WindowOracle.Event> arrivals = payments.stream()
        .map(p -> new WindowOracle.Event(p.get("event_id").toString(), p.get("outcome").toString(), millis(p),
            (BigDecimal) p.get("amount")))
        .toList();
    WindowOracle oracle = new WindowOracle(arrivals, GRACE.toMillis());
    assertThat(oracle.latenessById).hasSizeGreaterThan(0);

    try (TopologyHarness harness = new TopologyHarness(TopologySettings.builder().windowGrace(GRACE).build(), stateDir)) {
      payments.forEach(payment -> harness.pipe(Topics.PAYMENTS, payment));

      Map<WindowOracle.WindowKey, WindowOracle.Totals> actual = new HashMap<>();
      for (TestRecord<String, GenericRecord> record : harness.read(Topics.PAYMENTS_BY_OUTCOME_1M)) {
        GenericRecord row = record.value();
        actual.put(new WindowOracle.WindowKey(millis(row, "window_start"), row.get("outcome").toString()),
            new WindowOracle.Totals((Long) row.get("payment_count"), (BigDecimal) row.get("amount_total"),
                millis(row, "event_time")));
      }
      assertThat(actual).isEqualTo(oracle.closedWindows);
      assertThat(latenessById(harness)).isEqualTo(oracle.latenessById);
      assertThat(harness.counter(LakehouseMetrics.RECORDS_LATE, Topics.PAYMENTS)).isEqualTo(oracle.latenessById.size());
    }
  }

  @Test
  void aRecordExactlyAtWindowEndPlusGraceIsLateAndOneJustBeforeIsCounted() {
    TestEvents events = new TestEvents(3);
    Instant windowStart = START;
    GenericRecord first = events.order("o-1", "c-1", "m-1", "PLACED", "10.00", "EUR", windowStart);
    // stream time = window end + grace - 1 ms: the window is still open
    GenericRecord advance = events.order("o-2", "c-1", "m-2", "PLACED", "1.00", "EUR",
        windowStart.plus(Duration.ofMinutes(1)).plus(GRACE).minusMillis(1));
    GenericRecord inGrace = events.order("o-3", "c-1", "m-1", "PLACED", "5.00", "EUR", windowStart.plusSeconds(59));
    // stream time = window end + grace: the window closes, the next record for it is late by 0 ms
    GenericRecord closer = events.order("o-4", "c-1", "m-2", "PLACED", "1.00", "EUR",
        windowStart.plus(Duration.ofMinutes(1)).plus(GRACE));
    GenericRecord late = events.order("o-5", "c-1", "m-1", "PLACED", "7.00", "EUR", windowStart.plusSeconds(30));

    try (TopologyHarness harness = new TopologyHarness(TopologySettings.builder().windowGrace(GRACE).build(), stateDir)) {
      List.of(first, advance, inGrace, closer, late).forEach(order -> harness.pipe(Topics.ORDERS, order));

      List<GenericRecord> rows = harness.read(Topics.REVENUE_BY_MERCHANT_1M).stream().map(TestRecord::value).toList();
      assertThat(rows).hasSize(1);
      assertThat(rows.get(0).get("merchant_id").toString()).isEqualTo("m-1");
      assertThat(rows.get(0).get("order_count")).isEqualTo(2L);
      assertThat(rows.get(0).get("revenue")).isEqualTo(new BigDecimal("15.00"));
      assertThat(latenessById(harness)).containsExactly(Map.entry(late.get("event_id").toString(), 0L));
    }
  }

  @Test
  void lateRecordsAreClassifiedByThePersistedStreamTimeAsAfterARestart() {
    TestEvents events = new TestEvents(4);
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.builder().windowGrace(GRACE).build(), stateDir)) {
      // what a restarted task finds after restoring the router's changelog
      harness.<String, Long>keyValueStore(StreamTime.STORE)
          .put("revenue-by-merchant-currency-partials", START.plus(Duration.ofMinutes(10)).toEpochMilli());
      GenericRecord order = events.order("o-1", "c-1", "m-1", "PLACED", "10.00", "EUR", START);

      harness.pipe(Topics.ORDERS, order);

      assertThat(latenessById(harness))
          .containsExactly(Map.entry(order.get("event_id").toString(), Duration.ofMinutes(7).toMillis()));
    }
  }

  private static Map<String, Long> latenessById(TopologyHarness harness) {
    Map<String, Long> lateness = new HashMap<>();
    for (TestRecord<String, GenericRecord> record : harness.read(Topics.LATE_EVENTS)) {
      GenericRecord row = record.value();
      long closesAt = millis(row, "window_end") + GRACE.toMillis();
      assertThat(row.get("lateness_ms")).isEqualTo(millis(row, "stream_time") - closesAt);
      assertThat(row.get("source_offset")).isNotEqualTo(-1L);
      lateness.put(row.get("event_id").toString(), (Long) row.get("lateness_ms"));
    }
    return lateness;
  }

  private static long millis(GenericRecord event) {
    return millis(event, "event_time");
  }

  static long millis(GenericRecord row, String field) {
    return ((Instant) row.get(field)).toEpochMilli();
  }
}
