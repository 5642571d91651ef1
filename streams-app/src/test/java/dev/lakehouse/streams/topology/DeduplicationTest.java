package dev.lakehouse.streams.topology;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.schemas.Topics;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
