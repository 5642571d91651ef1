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
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same input gives the same answer whichever way the task interleaves its two partitions: a
 * live run reads them about as they were sent, a catch-up or a replay in record-timestamp order or
 * in whatever batches the fetches return. The orders and the payments below (backfills hours behind,
 * payments before and after their orders, retries) each keep their offset order; only the merge of
 * the two changes, within the max input skew. Every merge must give the same order-payments rows and
 * UNKNOWN_ORDER dead letters (processing time aside) and the same count of extra payments.
 */
class OrderPaymentsInterleavingTest {
  private static final long MAX_SKEW_MS = TopologySettings.defaults().paymentJoinMaxInputSkew().toMillis();

  @TempDir Path stateDir;

  private record Input(String topic, GenericRecord record) {
    long time() {
      return TestEvents.millis(record);
    }
  }

  /** Picks which input goes next among those allowed (orders = true). */
  private interface Strategy extends BiFunction<Input, Input, Boolean> {}

  @Test
  void everyInterleavingOfTheSameTwoPartitionsGivesTheSameRows() {
    List<Input> sent = sent(new TestEvents(41), new Random(41), 250);
    List<Input> orders = sent.stream().filter(input -> input.topic().equals(Topics.ORDERS)).toList();
    List<Input> payments = sent.stream().filter(input -> input.topic().equals(Topics.PAYMENTS)).toList();
    Random random = new Random(42);

    assertThat(withinSkewThroughout(sent)).as("the live order keeps the inputs within the max skew").isTrue();
    Result live = run(sent, "live");
    assertThat(live.rows()).as("some PAID and some UNPAID rows").anyMatch(row -> row.contains("PAID|"))
        .anyMatch(row -> row.contains("UNPAID|"));
    assertThat(live.unknownOrders()).as("some unknown orders").isNotEmpty();

    List<List<Input>> merges = List.of(
        merge(orders, payments, (order, payment) -> order.time() <= payment.time()), // record-timestamp order
        merge(orders, payments, (order, payment) -> true), // the orders as far ahead as the skew allows
        merge(orders, payments, (order, payment) -> false), // the payments as far ahead
        merge(orders, payments, (order, payment) -> random.nextBoolean()),
        merge(orders, payments, (order, payment) -> random.nextInt(8) == 0));
    for (int i = 0; i < merges.size(); i++) {
      assertThat(merges.get(i)).as("merge %d differs from the live order", i).isNotEqualTo(sent);
      Result result = run(merges.get(i), "merge-" + i);
      assertThat(onlyIn(result.rows(), live.rows())).as("order-payments rows of merge %d, not live", i).isEmpty();
      assertThat(onlyIn(live.rows(), result.rows())).as("order-payments rows live, not of merge %d", i).isEmpty();
      assertThat(onlyIn(result.unknownOrders(), live.unknownOrders())).as("unknown orders of merge %d, not live", i)
          .isEmpty();
      assertThat(onlyIn(live.unknownOrders(), result.unknownOrders())).as("unknown orders live, not of merge %d", i)
          .isEmpty();
      assertThat(result.extraPayments()).as("extra payments of merge %d", i).isEqualTo(live.extraPayments());
    }
  }

  private record Result(List<String> rows, List<String> unknownOrders, double extraPayments) {}

  private static List<String> onlyIn(List<String> these, List<String> those) {
    return these.stream().filter(row -> !those.contains(row)).toList();
  }

  private Result run(List<Input> inputs, String name) {
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.defaults(), stateDir.resolve(name))) {
      inputs.forEach(input -> harness.pipe(input.topic(), input.record()));
      List<String> rows = harness.read(Topics.ORDER_PAYMENTS).stream().map(OrderPaymentsInterleavingTest::row)
          .sorted().toList();
      List<String> unknown = harness.read(Topics.DEAD_LETTERS).stream()
          .map(record -> record.key() + "|" + record.value().get("source_offset") + "|" + record.value().get("event_time"))
          .sorted().toList();
      return new Result(rows, unknown, harness.counter(LakehouseMetrics.EXTRA_PAYMENTS, Topics.PAYMENTS));
    }
  }

  /** A row without its processing time. */
  private static String row(TestRecord<String, GenericRecord> record) {
    GenericRecord value = record.value();
    StringBuilder row = new StringBuilder(record.key());
    value.getSchema().getFields().stream().filter(field -> !field.name().equals("processing_time"))
        .forEach(field -> row.append('|').append(value.get(field.name())));
    return row.toString();
  }

  /**
   * One merge of the two partitions, each in its own order: the strategy picks the next input while
   * both may go; the input behind may always go, the one ahead only while that keeps the two stream
   * times within the max input skew.
   */
  private static List<Input> merge(List<Input> orders, List<Input> payments, Strategy preferOrders) {
    List<Input> merged = new ArrayList<>();
    int o = 0;
    int p = 0;
    long ordersTime = Long.MIN_VALUE;
    long paymentsTime = Long.MIN_VALUE;
    while (o < orders.size() || p < payments.size()) {
      // an input that has not started yet counts from its first record
      long ordersFrom = o == 0 ? orders.get(0).time() : ordersTime;
      long paymentsFrom = p == 0 ? payments.get(0).time() : paymentsTime;
      boolean ordersMay = o < orders.size()
          && (p == payments.size() || withinSkew(Math.max(ordersFrom, orders.get(o).time()), paymentsFrom));
      boolean paymentsMay = p < payments.size()
          && (o == orders.size() || withinSkew(ordersFrom, Math.max(paymentsFrom, payments.get(p).time())));
      boolean takeOrder = ordersMay && paymentsMay ? preferOrders.apply(orders.get(o), payments.get(p))
          : ordersMay || !paymentsMay && ordersTime <= paymentsTime;
      if (takeOrder) {
        ordersTime = Math.max(ordersTime, orders.get(o).time());
        merged.add(orders.get(o++));
      } else {
        paymentsTime = Math.max(paymentsTime, payments.get(p).time());
        merged.add(payments.get(p++));
      }
    }
    return merged;
  }

  private static boolean withinSkewThroughout(List<Input> inputs) {
    long ordersTime = Long.MIN_VALUE;
    long paymentsTime = Long.MIN_VALUE;
    for (Input input : inputs.subList(0, inputs.size() - 2)) {
      if (input.topic().equals(Topics.ORDERS)) {
        ordersTime = Math.max(ordersTime, input.time());
      } else {
        paymentsTime = Math.max(paymentsTime, input.time());
      }
      if (!withinSkew(ordersTime, paymentsTime)) {
        return false;
      }
    }
    return true;
  }

  private static boolean withinSkew(long ordersTime, long paymentsTime) {
    return ordersTime == Long.MIN_VALUE || paymentsTime == Long.MIN_VALUE
        || Math.abs(ordersTime - paymentsTime) <= MAX_SKEW_MS;
  }

  /**
   * Orders with 0-3 payment attempts each, in the order a live run would read them (sent times with
   * jitter); one in ten orders with its payments is a backfill three hours behind; some are retried.
   * Cancelled orders go on while the last payments come, as live traffic would; then both inputs end
   * far ahead, which passes every deadline.
   */
  private static List<Input> sent(TestEvents events, Random random, int orderCount) {
    Instant start = TopologyHarness.WALL_CLOCK.minus(Duration.ofHours(8));
    List<long[]> keyed = new ArrayList<>();
    List<Input> inputs = new ArrayList<>();
    for (int i = 0; i < orderCount; i++) {
      String orderId = "o-" + i;
      Instant placed = start.plusSeconds(i * 20L);
      boolean backfill = i >= 10 && random.nextInt(10) == 0; // both inputs start with current events
      Instant at = backfill ? placed.minus(Duration.ofHours(3)) : placed;
      long sentAt = placed.toEpochMilli() + random.nextInt(60_000);
      GenericRecord order = events.order(orderId, "c-1", "m-1", random.nextInt(10) == 0 ? "CANCELLED" : "PLACED",
          "10.00", "EUR", at);
      add(inputs, keyed, new Input(Topics.ORDERS, order), sentAt);
      if (random.nextInt(15) == 0) {
        add(inputs, keyed, new Input(Topics.ORDERS, order), sentAt + 1);
      }
      int payments = random.nextInt(4);
      for (int n = 0; n < payments; n++) {
        // mostly in the window, sometimes before the order or after the window
        long offset = (long) (random.nextDouble() * Duration.ofMinutes(36).toMillis()) - Duration.ofMinutes(3).toMillis();
        GenericRecord payment = events.payment(orderId, random.nextInt(4) == 0 ? "DECLINED" : "SUCCEEDED", "10.00",
            at.plusMillis(offset));
        add(inputs, keyed, new Input(Topics.PAYMENTS, payment), sentAt + Math.max(0, offset) + random.nextInt(120_000));
      }
    }
    for (int minute = 0; minute < 33; minute++) {
      Instant at = start.plusSeconds(orderCount * 20L).plus(Duration.ofMinutes(minute));
      add(inputs, keyed, new Input(Topics.ORDERS, events.order("o-more-" + minute, "c-1", "m-1", "CANCELLED", "1.00",
          "EUR", at)), at.toEpochMilli());
    }
    keyed.sort((a, b) -> Long.compare(a[0], b[0]));
    List<Input> sent = new ArrayList<>();
    keyed.forEach(pair -> sent.add(inputs.get((int) pair[1])));
    Instant end = start.plusSeconds(orderCount * 20L).plus(Duration.ofHours(4));
    sent.add(new Input(Topics.ORDERS, events.order("o-end", "c-1", "m-1", "CANCELLED", "1.00", "EUR", end)));
    sent.add(new Input(Topics.PAYMENTS, events.payment("o-end", "DECLINED", "1.00", end)));
    return List.copyOf(sent);
  }

  private static void add(List<Input> inputs, List<long[]> keyed, Input input, long sentAt) {
    inputs.add(input);
    keyed.add(new long[] {sentAt, inputs.size() - 1});
  }
}
