package dev.lakehouse.streams.topology.orders;

import static org.assertj.core.api.Assertions.assertThat;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.LakehouseMetrics;
import dev.lakehouse.streams.topology.TestEvents;
import dev.lakehouse.streams.topology.TopologyHarness;
import dev.lakehouse.streams.topology.TopologySettings;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The order-payment join on seeded random input (payments before and after their orders in arrival
 * and in event time, second successful payments, declined ones, orders far behind stream time)
 * against {@link PaymentJoinOracle}, with in-memory stores and with RocksDB as in production; and
 * with a tracker that keeps almost nothing in memory, so that it reads its states and deadlines
 * back from the stores instead of the memory in front of them.
 */
class OrderPaymentsOracleTest {
  private static final Instant T = TopologyHarness.WALL_CLOCK.minus(Duration.ofHours(6));
  private static final Duration WINDOW = Duration.ofMinutes(30);
  private static final Duration GRACE = Duration.ofMinutes(2);

  @TempDir Path stateDir;

  @Test
  void matchesTheOracleWithInMemoryStores() {
    assertMatchesOracle(new TopologyHarness(TopologySettings.defaults(), stateDir), 21, 300);
  }

  @Test
  void matchesTheOracleWithRocksDbStores() {
    Properties props = TopologyHarness.streamsProperties(stateDir);
    props.remove(StreamsConfig.DSL_STORE_SUPPLIERS_CLASS_CONFIG);
    assertMatchesOracle(new TopologyHarness(TopologySettings.defaults(), props), 22, 80);
  }

  @Test
  void matchesTheOracleWhenTheTrackerReadsItsStates() {
    TrackerMemory little = new TrackerMemory(1, 2);
    assertMatchesOracle(new TopologyHarness(TopologySettings.defaults(), TopologyHarness.streamsProperties(stateDir),
        little), 23, 300);
  }

  @Test
  void matchesTheOracleWhenTheTrackerReadsItsStatesFromRocksDb() {
    Properties props = TopologyHarness.streamsProperties(stateDir);
    props.remove(StreamsConfig.DSL_STORE_SUPPLIERS_CLASS_CONFIG);
    assertMatchesOracle(new TopologyHarness(TopologySettings.defaults(), props, new TrackerMemory(1, 2)), 24, 80);
  }

  private void assertMatchesOracle(TopologyHarness harness, long seed, int orderCount) {
    TestEvents events = new TestEvents(seed);
    Random random = new Random(seed);
    List<GenericRecord> arrivals = randomArrivals(events, random, orderCount);
    List<PaymentJoinOracle.Event> oracleInput = new ArrayList<>();
    for (GenericRecord record : arrivals) {
      boolean isOrder = record.getSchema().getName().equals("Order");
      boolean counts = isOrder ? record.get("status").toString().equals("PLACED")
          : record.get("outcome").toString().equals("SUCCEEDED");
      oracleInput.add(new PaymentJoinOracle.Event(record.get("event_id").toString(), record.get("order_id").toString(),
          isOrder, counts, TestEvents.millis(record)));
    }
    PaymentJoinOracle oracle = new PaymentJoinOracle(oracleInput, WINDOW.toMillis(), GRACE.toMillis(),
        TopologySettings.defaults().paymentJoinMaxInputSkew().toMillis());
    assertThat(oracle.resolvedOrders.values()).as("some orders paid").anyMatch(paid -> paid != null);
    assertThat(oracle.resolvedOrders.values()).as("some orders unpaid").contains((String) null);
    assertThat(oracle.unknownOrderPayments).as("some unknown orders").isNotEmpty();
    assertThat(oracle.extraPayments).as("some extra payments").isPositive();

    try (harness) {
      for (GenericRecord record : arrivals) {
        harness.pipe(record.getSchema().getName().equals("Order") ? Topics.ORDERS : Topics.PAYMENTS, record);
      }

      Map<String, String> paymentEventIds = new HashMap<>();
      arrivals.stream().filter(r -> r.getSchema().getName().equals("Payment"))
          .forEach(p -> paymentEventIds.put(p.get("payment_id").toString(), p.get("event_id").toString()));
      Map<String, String> resolved = new HashMap<>();
      for (TestRecord<String, GenericRecord> record : harness.read(Topics.ORDER_PAYMENTS)) {
        GenericRecord row = record.value();
        String orderEventId = row.get("order_event_id").toString();
        assertThat(resolved).as("one row per order event").doesNotContainKey(orderEventId);
        boolean paid = row.get("status").toString().equals("PAID");
        resolved.put(orderEventId, paid ? paymentEventIds.get(row.get("payment_id").toString()) : null);
      }
      assertThat(resolved).isEqualTo(oracle.resolvedOrders);
      List<String> unknown = harness.read(Topics.DEAD_LETTERS).stream()
          .map(record -> record.value().get("source_offset"))
          .map(offset -> paymentEventIdAt(arrivals, (Long) offset))
          .toList();
      assertThat(unknown).containsExactlyInAnyOrderElementsOf(oracle.unknownOrderPayments);
      assertThat(harness.counter(LakehouseMetrics.EXTRA_PAYMENTS, Topics.PAYMENTS)).isEqualTo(oracle.extraPayments);
    }
  }

  /** Orders with 0-3 payment attempts each, shuffled a little; some orders arrive hours behind. */
  private static List<GenericRecord> randomArrivals(TestEvents events, Random random, int orderCount) {
    List<long[]> keyed = new ArrayList<>();
    List<GenericRecord> records = new ArrayList<>();
    for (int i = 0; i < orderCount; i++) {
      String orderId = "o-" + i;
      Instant placed = T.plusSeconds(i * 20L);
      boolean farBehind = random.nextInt(20) == 0;
      long arrival = placed.toEpochMilli() + (farBehind ? Duration.ofHours(3).toMillis() : 0);
      records.add(events.order(orderId, "c-1", "m-1", random.nextInt(10) == 0 ? "CANCELLED" : "PLACED", "10.00",
          "EUR", placed));
      keyed.add(new long[] {arrival + random.nextInt(120_000), records.size() - 1});
      int payments = random.nextInt(4);
      for (int p = 0; p < payments; p++) {
        // mostly in the window, sometimes before the order or after the window
        long offset = (long) (random.nextDouble() * Duration.ofMinutes(36).toMillis()) - Duration.ofMinutes(3).toMillis();
        Instant paidAt = placed.plusMillis(offset);
        records.add(events.payment(orderId, random.nextInt(4) == 0 ? "DECLINED" : "SUCCEEDED", "10.00", paidAt));
        keyed.add(new long[] {arrival + offset + random.nextInt(300_000) - 150_000, records.size() - 1});
      }
    }
    keyed.sort((a, b) -> Long.compare(a[0], b[0]));
    List<GenericRecord> arrivals = new ArrayList<>();
    keyed.forEach(pair -> arrivals.add(records.get((int) pair[1])));
    // the end: far enough ahead to pass every deadline
    arrivals.add(events.order("o-end", "c-1", "m-1", "CANCELLED", "1.00", "EUR",
        T.plusSeconds(orderCount * 20L).plus(Duration.ofHours(4))));
    return Collections.unmodifiableList(arrivals);
  }

  private static String paymentEventIdAt(List<GenericRecord> arrivals, long offset) {
    return arrivals.stream().filter(r -> r.getSchema().getName().equals("Payment")).skip(offset).findFirst()
        .orElseThrow().get("event_id").toString();
  }
}
