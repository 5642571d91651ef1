package dev.lakehouse.streams.topology.orders;

import static org.assertj.core.api.Assertions.assertThat;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.LakehouseMetrics;
import dev.lakehouse.streams.topology.TestEvents;
import dev.lakehouse.streams.topology.TopologyHarness;
import dev.lakehouse.streams.topology.TopologySettings;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DeduplicationTest {
  private static final Instant T = Instant.parse("2026-11-29T10:00:00Z");

  @TempDir Path stateDir;

  @Test
  void retriedEventsAreDroppedOnceAndCounted() {
    TestEvents events = new TestEvents(9);
    GenericRecord order = events.order("o-1", "c-1", "m-1", "PLACED", "12.50", "EUR", T);
    GenericRecord other = events.order("o-2", "c-1", "m-1", "PLACED", "7.50", "EUR", T.plusSeconds(5));
    GenericRecord payment = events.payment("o-1", "DECLINED", "12.50", T.plusSeconds(10));
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.defaults(), stateDir)) {
      harness.pipe(Topics.ORDERS, order);
      harness.pipe(Topics.ORDERS, order);
      harness.pipe(Topics.ORDERS, other);
      harness.pipe(Topics.ORDERS, order);
      harness.pipe(Topics.PAYMENTS, payment);
      harness.pipe(Topics.PAYMENTS, payment);
      // closes the windows of the events above and flushes the reference-join buffers
      harness.pipe(Topics.ORDERS, events.order("o-3", "c-1", "m-2", "PLACED", "1.00", "EUR", T.plus(Duration.ofMinutes(5))));
      harness.pipe(Topics.ORDERS, events.order("o-4", "c-1", "m-2", "PLACED", "1.00", "EUR", T.plus(Duration.ofMinutes(10))));
      harness.pipe(Topics.PAYMENTS, events.payment("o-9", "FAILED", "1.00", T.plus(Duration.ofMinutes(10))));

      assertThat(harness.read(Topics.ORDERS_ENRICHED).stream()
          .filter(r -> r.value().get("merchant_id").toString().equals("m-1"))
          .map(r -> r.value().get("order_id").toString()))
          .containsExactly("o-1", "o-2");
      List<GenericRecord> revenue = harness.read(Topics.REVENUE_BY_MERCHANT_1M).stream()
          .map(TestRecord::value).filter(row -> row.get("merchant_id").toString().equals("m-1")).toList();
      assertThat(revenue).singleElement().satisfies(row -> {
        assertThat(row.get("order_count")).isEqualTo(2L);
        assertThat(row.get("revenue")).isEqualTo(new BigDecimal("20.00"));
      });
      List<GenericRecord> declined = harness.read(Topics.PAYMENTS_BY_OUTCOME_1M).stream()
          .map(TestRecord::value).filter(row -> row.get("outcome").toString().equals("DECLINED")).toList();
      assertThat(declined).singleElement().satisfies(row -> assertThat(row.get("payment_count")).isEqualTo(1L));
      assertThat(harness.counter(LakehouseMetrics.DUPLICATES_DROPPED, Topics.ORDERS)).isEqualTo(2.0);
      assertThat(harness.counter(LakehouseMetrics.DUPLICATES_DROPPED, Topics.PAYMENTS)).isEqualTo(1.0);
      assertThat(harness.counter(LakehouseMetrics.RECORDS_VALID, Topics.ORDERS)).isEqualTo(6.0);
    }
  }

  /**
   * Producer retries come close in arrival, not in event time: a retry of an event far behind stream
   * time is dropped like any other, whether its window is closed (the original went to late-events)
   * or still open (its revenue would be counted twice).
   */
  @ParameterizedTest(name = "{0} behind stream time")
  @ValueSource(strings = {"PT1H", "P1D", "P6D"})
  void aRetryOfAnEventFarBehindStreamTimeIsDroppedWhenItsWindowIsClosed(Duration behind) {
    TestEvents events = new TestEvents(12);
    Instant now = TopologyHarness.WALL_CLOCK.minus(Duration.ofHours(1));
    GenericRecord old = events.order("o-old", "c-1", "m-1", "PLACED", "12.50", "EUR", now.minus(behind));
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.defaults(), stateDir)) {
      harness.pipe(Topics.ORDERS, events.order("o-now", "c-1", "m-2", "PLACED", "1.00", "EUR", now));
      harness.pipe(Topics.ORDERS, old);
      harness.pipe(Topics.ORDERS, old);

      assertThat(harness.read(Topics.LATE_EVENTS)).singleElement()
          .satisfies(late -> assertThat(late.value().get("event_id").toString()).isEqualTo(old.get("event_id").toString()));
      assertThat(harness.read(Topics.ORDERS_ENRICHED).stream().map(r -> r.value().get("order_id").toString()))
          .containsExactly("o-now", "o-old");
      assertThat(harness.counter(LakehouseMetrics.DUPLICATES_DROPPED, Topics.ORDERS)).isEqualTo(1.0);
    }
  }

  @ParameterizedTest(name = "{0} behind stream time")
  @ValueSource(strings = {"PT1H", "P1D", "P6D"})
  void aRetryOfAnEventFarBehindStreamTimeIsDroppedWhenItsWindowIsOpen(Duration behind) {
    TestEvents events = new TestEvents(13);
    Instant now = TopologyHarness.WALL_CLOCK.minus(Duration.ofHours(1));
    Instant then = now.minus(behind);
    GenericRecord old = events.order("o-old", "c-1", "m-1", "PLACED", "12.50", "EUR", then);
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.defaults(), stateDir)) {
      // a payment moves the stream time of orders and payments to now; revenue windows only see PLACED orders
      harness.pipe(Topics.PAYMENTS, events.payment("o-9", "FAILED", "1.00", now));
      harness.pipe(Topics.ORDERS, old);
      harness.pipe(Topics.ORDERS, old);
      // closes the old order's window
      harness.pipe(Topics.ORDERS, events.order("o-later", "c-1", "m-2", "PLACED", "1.00", "EUR",
          then.plus(Duration.ofMinutes(5))));

      assertThat(harness.read(Topics.REVENUE_BY_MERCHANT_1M).stream().map(TestRecord::value)
          .filter(row -> row.get("merchant_id").toString().equals("m-1")).toList())
          .singleElement().satisfies(row -> {
            assertThat(row.get("order_count")).isEqualTo(1L);
            assertThat(row.get("revenue")).isEqualTo(new BigDecimal("12.50"));
          });
      assertThat(harness.read(Topics.LATE_EVENTS)).isEmpty();
      assertThat(harness.counter(LakehouseMetrics.DUPLICATES_DROPPED, Topics.ORDERS)).isEqualTo(1.0);
    }
  }

  @Test
  void aRetryOfAnOldEventArrivingAfterTheDedupWindowOfStreamTimePassesAgain() {
    TestEvents events = new TestEvents(14);
    Instant now = TopologyHarness.WALL_CLOCK.minus(Duration.ofHours(1));
    GenericRecord old = events.order("o-old", "c-1", "m-1", "CANCELLED", "12.50", "EUR", now.minus(Duration.ofDays(1)));
    TopologySettings settings = TopologySettings.builder().dedupWindow(Duration.ofMinutes(1)).build();
    try (TopologyHarness harness = new TopologyHarness(settings, stateDir)) {
      harness.pipe(Topics.ORDERS, events.order("o-now", "c-1", "m-2", "CANCELLED", "1.00", "EUR", now));
      harness.pipe(Topics.ORDERS, old);
      harness.pipe(Topics.ORDERS, events.order("o-next", "c-1", "m-2", "CANCELLED", "1.00", "EUR",
          now.plus(Duration.ofMinutes(2))));
      harness.pipe(Topics.ORDERS, old);

      assertThat(harness.counter(LakehouseMetrics.DUPLICATES_DROPPED, Topics.ORDERS)).isZero();
      assertThat(harness.read(Topics.ORDERS_ENRICHED).stream().map(r -> r.value().get("order_id").toString()))
          .containsExactly("o-now", "o-old", "o-next", "o-old");
    }
  }

  @Test
  void anEventIdSeenLongerAgoThanTheDedupWindowPassesAgain() {
    TestEvents events = new TestEvents(10);
    GenericRecord order = events.order("o-1", "c-1", "m-1", "CANCELLED", "12.50", "EUR", T);
    TopologySettings settings = TopologySettings.builder().dedupWindow(Duration.ofMinutes(1)).build();
    try (TopologyHarness harness = new TopologyHarness(settings, stateDir)) {
      harness.pipe(Topics.ORDERS, order);
      harness.pipe(Topics.ORDERS, events.order("o-2", "c-1", "m-1", "CANCELLED", "1.00", "EUR", T.plus(Duration.ofMinutes(5))));
      harness.pipe(Topics.ORDERS, order);

      assertThat(harness.counter(LakehouseMetrics.DUPLICATES_DROPPED, Topics.ORDERS)).isZero();
    }
  }
}
