package dev.lakehouse.streams.topology.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.TestEvents;
import dev.lakehouse.streams.topology.TopologyHarness;
import dev.lakehouse.streams.topology.TopologySettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LedgerTest {
  private static final Instant T = TopologyHarness.WALL_CLOCK.minus(Duration.ofHours(1));
  private static final Duration INTERVAL = Duration.ofSeconds(10);

  @TempDir Path stateDir;

  @Test
  void eachIntervalsRowCountsEveryRecordReadOnceByWhereItWent() {
    TestEvents events = new TestEvents(31);
    GenericRecord placed = events.order("o-1", "c-1", "m-1", "PLACED", "12.50", "EUR", T);
    GenericRecord payment = events.payment("o-1", "SUCCEEDED", "12.50", T.plusSeconds(5));
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.defaults(), stateDir)) {
      harness.pipe(Topics.ORDERS, placed);                                                      // offset 0: windowed
      harness.pipe(Topics.ORDERS, placed);                                                      // 1: duplicate
      harness.pipe(Topics.ORDERS, events.order("o-2", "c-1", "m-1", "CANCELLED", "3.00", "EUR", T)); // 2: kept, no window
      harness.pipe(Topics.ORDERS, events.order("o-3", "c-1", "m-1", "PLACED", "-1.00", "EUR", T));   // 3: INVALID_AMOUNT
      harness.pipe(Topics.ORDERS, "o-4", "not avro".getBytes(StandardCharsets.UTF_8));          // 4: DESERIALIZATION
      harness.pipe(Topics.ORDERS, events.order("o-5", "c-1", "m-2", "PLACED", "1.00", "EUR", T.plus(Duration.ofMinutes(10)))); // 5
      harness.pipe(Topics.ORDERS, events.order("o-6", "c-1", "m-2", "PLACED", "2.00", "EUR", T));    // 6: late
      harness.pipe(Topics.PAYMENTS, payment);                                                   // 0: windowed
      harness.pipe(Topics.PAYMENTS, payment);                                                   // 1: duplicate
      harness.advanceWallClock(INTERVAL);

      List<GenericRecord> rows = rows(harness);
      assertThat(rows).hasSize(2);
      GenericRecord orders = row(rows, Topics.ORDERS);
      assertThat(orders.get("source_partition")).isEqualTo(0);
      assertThat(orders.get("first_offset")).isEqualTo(0L);
      assertThat(orders.get("last_offset")).isEqualTo(6L);
      assertThat(orders.get("records_read")).isEqualTo(7L);
      assertThat(orders.get("dead_lettered")).isEqualTo(2L);
      assertThat(orders.get("dead_lettered_invalid_amount")).isEqualTo(1L);
      assertThat(orders.get("dead_lettered_deserialization")).isEqualTo(1L);
      assertThat(orders.get("dead_lettered_invalid_value")).isEqualTo(0L);
      assertThat(orders.get("duplicates_dropped")).isEqualTo(1L);
      assertThat(orders.get("kept")).isEqualTo(4L);
      assertThat(orders.get("windowed")).isEqualTo(2L);
      assertThat(orders.get("late")).isEqualTo(1L);
      assertThat(orders.get("stream_time")).isEqualTo(T.plus(Duration.ofMinutes(10)));
      assertThat(orders.get("window_stream_time")).isEqualTo(T.plus(Duration.ofMinutes(10)));
      assertThat(orders.get("emitted_at")).isEqualTo(TopologyHarness.WALL_CLOCK.plus(INTERVAL));

      GenericRecord payments = row(rows, Topics.PAYMENTS);
      assertThat(payments.get("records_read")).isEqualTo(2L);
      assertThat(payments.get("duplicates_dropped")).isEqualTo(1L);
      assertThat(payments.get("kept")).isEqualTo(1L);
      assertThat(payments.get("windowed")).isEqualTo(1L);
      assertThat(payments.get("dead_lettered")).isEqualTo(0L);
      assertThat(payments.get("dead_lettered_unknown_order")).isEqualTo(0L);
      assertThat(harness.read(Topics.LATE_EVENTS)).hasSize(1);
      assertThat(harness.read(Topics.DEAD_LETTERS)).hasSize(2);
    }
  }

  @Test
  void theRowsOfAPartitionCoverItsOffsetsOnceAndIdleIntervalsWriteNone() {
    TestEvents events = new TestEvents(32);
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.defaults(), stateDir)) {
      for (int i = 0; i < 3; i++) {
        harness.pipe(Topics.ORDERS, events.order("o-" + i, "c-1", "m-1", "PLACED", "1.00", "EUR", T.plusSeconds(i)));
      }
      harness.advanceWallClock(INTERVAL);
      harness.advanceWallClock(INTERVAL);
      for (int i = 3; i < 5; i++) {
        harness.pipe(Topics.ORDERS, events.order("o-" + i, "c-1", "m-1", "PLACED", "1.00", "EUR", T.plusSeconds(i)));
      }
      harness.advanceWallClock(INTERVAL);

      List<GenericRecord> rows = rows(harness);
      assertThat(rows).extracting(r -> r.get("first_offset") + ".." + r.get("last_offset") + ": " + r.get("records_read"))
          .containsExactly("0..2: 3", "3..4: 2");
      assertThat(rows).extracting(r -> r.get("source_topic").toString()).containsOnly(Topics.ORDERS);
    }
  }

  @Test
  void paymentsDeadLetteredAsUnknownOrdersAreCountedWhenTheVerdictComesInARowWithoutReadsIfNeedBe() {
    TestEvents events = new TestEvents(34);
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.defaults(), stateDir)) {
      harness.pipe(Topics.PAYMENTS, events.payment("o-404", "SUCCEEDED", "1.00", T));         // payments 0
      harness.pipe(Topics.PAYMENTS, events.payment("o-405", "SUCCEEDED", "1.00", T));         // payments 1
      harness.pipe(Topics.ORDERS, events.order("o-1", "c-1", "m-1", "CANCELLED", "1.00", "EUR", T));
      harness.advanceWallClock(INTERVAL);
      // the orders' stream time passes both payments' deadlines (their time + grace): no order came
      harness.pipe(Topics.ORDERS, events.order("o-2", "c-1", "m-1", "CANCELLED", "1.00", "EUR",
          T.plus(Duration.ofMinutes(3))));
      harness.advanceWallClock(INTERVAL);

      List<GenericRecord> rows = rows(harness);
      assertThat(harness.read(Topics.DEAD_LETTERS)).extracting(r -> r.value().get("error_class").toString())
          .containsExactly("UNKNOWN_ORDER", "UNKNOWN_ORDER");
      assertThat(rows.stream().filter(r -> r.get("source_topic").toString().equals(Topics.PAYMENTS)))
          .extracting(r -> r.get("first_offset") + ".." + r.get("last_offset") + ": read " + r.get("records_read")
              + ", kept " + r.get("kept") + ", dead-lettered " + r.get("dead_lettered") + ", unknown orders "
              + r.get("dead_lettered_unknown_order"))
          .containsExactly("0..1: read 2, kept 2, dead-lettered 0, unknown orders 0",
              "2..1: read 0, kept 0, dead-lettered 0, unknown orders 2");
    }
  }

  @Test
  void aZeroIntervalWritesNoLedger() {
    TestEvents events = new TestEvents(33);
    TopologySettings noLedger = TopologySettings.builder().ledgerInterval(Duration.ZERO).build();
    try (TopologyHarness harness = new TopologyHarness(noLedger, stateDir)) {
      harness.pipe(Topics.ORDERS, events.order("o-1", "c-1", "m-1", "PLACED", "1.00", "EUR", T));
      harness.advanceWallClock(INTERVAL);

      assertThat(harness.read(Topics.ORDERS_ENRICHED)).hasSize(1);
      assertThat(harness.read(Topics.PIPELINE_LEDGER)).isEmpty();
      assertThat(harness.<String, LedgerCounts>keyValueStore(Ledger.STORE).approximateNumEntries()).isZero();
    }
  }

  private static List<GenericRecord> rows(TopologyHarness harness) {
    List<TestRecord<String, GenericRecord>> records = harness.read(Topics.PIPELINE_LEDGER);
    records.forEach(r -> assertThat(r.key()).isEqualTo(Ledger.rowKey(r.value())));
    return records.stream().map(TestRecord::value).toList();
  }

  private static GenericRecord row(List<GenericRecord> rows, String topic) {
    return rows.stream().filter(r -> r.get("source_topic").toString().equals(topic)).findFirst().orElseThrow();
  }
}
