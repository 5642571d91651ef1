package dev.lakehouse.streams.topology.orders;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.peerflink.Events;
import dev.lakehouse.peerflink.join.TrackerHarness;
import dev.lakehouse.peerflink.model.Order;
import dev.lakehouse.peerflink.model.Payment;
import dev.lakehouse.schemas.Topics;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.junit.jupiter.api.Test;

/**
 * The Flink peer's order tracker against the Streams app's own brute-force oracle of the join rule
 * ({@link PaymentJoinOracle}, streams-app's test jar; this test sits in its package to use it as it
 * is rather than a copy). Seeded random input of one partition (payments before and after their
 * orders, second successful payments, declined ones, backfills three hours behind), fed in several
 * interleavings of the two inputs, each keeping both inputs' offset order: as sent, in event-time
 * order, orders first, payments first, at random. The oracle follows the arrival order, so it also
 * covers the verdicts the max input skew forces. Every interleaving but the first restarts the
 * tracker from a checkpoint halfway, as after a crash.
 */
class PeerTrackerOracleTest {
  private static final long MINUTE = Events.MINUTE;
  private static final long START = Events.T0;
  private static final long SKEW = Events.settings().paymentJoinMaxInputSkew().toMillis();

  private record Arrival(Order order, Payment payment, long sentAt) {
    long time() {
      return order != null ? order.eventTime() : payment.eventTime();
    }
  }

  @Test
  void everyInterleavingGivesTheOraclesRows() throws Exception {
    Random random = new Random(47);
    List<Arrival> sent = sent(random, 300);
    List<Arrival> orders = sent.stream().filter(a -> a.order() != null).toList();
    List<Arrival> payments = sent.stream().filter(a -> a.payment() != null).toList();
    PaymentJoinOracle live = assertMatchesOracle(sent, sent.size());
    assertThat(live.resolvedOrders.values()).as("some paid").anyMatch(paid -> paid != null);
    assertThat(live.resolvedOrders.values()).as("some unpaid").contains((String) null);
    assertThat(live.unknownOrderPayments).as("some unknown orders").isNotEmpty();

    List<List<Arrival>> interleavings = List.of(
        merge(orders, payments, (o, p) -> o.time() <= p.time(), SKEW),
        merge(orders, payments, (o, p) -> true, SKEW),
        merge(orders, payments, (o, p) -> false, SKEW),
        merge(orders, payments, (o, p) -> random.nextBoolean(), SKEW),
        // beyond the skew (all orders first): the oracle follows the verdicts that forces
        merge(orders, payments, (o, p) -> true, Long.MAX_VALUE));
    for (List<Arrival> arrivals : interleavings) {
      PaymentJoinOracle oracle = assertMatchesOracle(arrivals, arrivals.size() / 2);
      if (arrivals != interleavings.get(interleavings.size() - 1)) {
        assertThat(oracle.resolvedOrders).as("within the skew, the same rows as sent").isEqualTo(live.resolvedOrders);
      }
    }
  }

  private interface PreferOrders {
    boolean test(Arrival order, Arrival payment);
  }

  /**
   * Feeds the arrivals to a tracker, restarted from a checkpoint taken after {@code restartAfter} of
   * them (its clocks, states and due-time hints restored), and holds what both wrote against the oracle.
   */
  private static PaymentJoinOracle assertMatchesOracle(List<Arrival> arrivals, int restartAfter) throws Exception {
    List<PaymentJoinOracle.Event> oracleInput = arrivals.stream().map(a -> a.order() != null
        ? new PaymentJoinOracle.Event(a.order().eventId(), a.order().orderId(), true, a.order().isPlaced(), a.time())
        : new PaymentJoinOracle.Event(a.payment().eventId(), a.payment().orderId(), false, a.payment().succeeded(),
            a.time())).toList();
    Map<String, Object> settings = settingsInMillis();
    PaymentJoinOracle oracle = new PaymentJoinOracle(oracleInput, (long) settings.get("window"),
        (long) settings.get("grace"), (long) settings.get("skew"));
    List<GenericRecord> rows = new ArrayList<>();
    List<GenericRecord> deadLetters = new ArrayList<>();
    OperatorSubtaskState checkpoint;
    try (TrackerHarness tracker = new TrackerHarness(Events.settings())) {
      feed(tracker, arrivals.subList(0, restartAfter));
      checkpoint = tracker.snapshot();
      rows.addAll(tracker.rows(Topics.ORDER_PAYMENTS));
      deadLetters.addAll(tracker.rows(Topics.DEAD_LETTERS));
    }
    try (TrackerHarness restarted = new TrackerHarness(Events.settings(), checkpoint)) {
      feed(restarted, arrivals.subList(restartAfter, arrivals.size()));
      rows.addAll(restarted.rows(Topics.ORDER_PAYMENTS));
      deadLetters.addAll(restarted.rows(Topics.DEAD_LETTERS));
    }
    Map<String, String> resolved = new HashMap<>();
    for (GenericRecord row : rows) {
      String orderEventId = row.get("order_event_id").toString();
      assertThat(resolved).as("one row per order event").doesNotContainKey(orderEventId);
      // payment ids are "p-" + the payment's event id (Events.payment)
      resolved.put(orderEventId, row.get("payment_id") == null ? null : row.get("payment_id").toString().substring(2));
    }
    assertThat(resolved).isEqualTo(oracle.resolvedOrders);
    Map<Long, String> paymentAt = new HashMap<>();
    arrivals.stream().filter(a -> a.payment() != null)
        .forEach(a -> paymentAt.put(a.payment().offset(), a.payment().eventId()));
    assertThat(deadLetters).extracting(row -> paymentAt.get((Long) row.get("source_offset")))
        .containsExactlyInAnyOrderElementsOf(oracle.unknownOrderPayments);
    return oracle;
  }

  private static void feed(TrackerHarness tracker, List<Arrival> arrivals) throws Exception {
    for (Arrival arrival : arrivals) {
      if (arrival.order() != null) {
        tracker.order(arrival.order());
      } else {
        tracker.payment(arrival.payment());
      }
    }
  }

  private static Map<String, Object> settingsInMillis() {
    var settings = Events.settings();
    return Map.of("window", settings.paymentJoinWindow().toMillis(), "grace", settings.windowGrace().toMillis(),
        "skew", settings.paymentJoinMaxInputSkew().toMillis());
  }

  /**
   * Orders every 20 s with 0-3 payment attempts each (mostly in the window, some before the order or
   * after it), sent with up to 2 minutes' jitter; one order in ten with its payments is a backfill
   * three hours behind. Cancelled orders go on while the last payments come; then both inputs end
   * four hours ahead, which passes every deadline. Offsets
   * follow each input's arrival order.
   */
  private static List<Arrival> sent(Random random, int orderCount) {
    List<Arrival> unsent = new ArrayList<>();
    int[] ids = {0};
    for (int i = 0; i < orderCount; i++) {
      long placed = START + i * 20_000L;
      long at = i >= 10 && random.nextInt(10) == 0 ? placed - 180 * MINUTE : placed;
      long sentAt = placed + random.nextInt(120_000);
      String status = random.nextInt(10) == 0 ? "CANCELLED" : "PLACED";
      unsent.add(new Arrival(Events.order("oe-" + ids[0]++, "o-" + i, status, at, 0), null, sentAt));
      for (int n = random.nextInt(4); n > 0; n--) {
        long offset = (long) (random.nextDouble() * 36 * MINUTE) - 3 * MINUTE;
        String outcome = random.nextInt(4) == 0 ? "DECLINED" : "SUCCEEDED";
        unsent.add(new Arrival(null, Events.payment("pe-" + ids[0]++, "o-" + i, outcome, at + offset, 0),
            sentAt + Math.max(0, offset) + random.nextInt(120_000)));
      }
    }
    // orders go on while the last payments come (as live traffic would), so the inputs stay within the skew
    for (int minute = 0; minute < 40; minute++) {
      long at = START + orderCount * 20_000L + minute * MINUTE;
      unsent.add(new Arrival(Events.order("oe-more-" + minute, "o-more-" + minute, "CANCELLED", at, 0), null, at));
    }
    long end = START + orderCount * 20_000L + 240 * MINUTE;
    unsent.add(new Arrival(Events.order("oe-end", "o-end", "CANCELLED", end, 0), null, end));
    unsent.add(new Arrival(null, Events.payment("pe-end", "o-end", "DECLINED", end, 0), end + 1));
    unsent.sort(Comparator.comparingLong(Arrival::sentAt));
    return withOffsets(unsent);
  }

  /**
   * One merge of the two inputs, each in its own order: {@code preferOrders} picks while both may go;
   * an input may go only while that keeps its clock within {@code skew} of the other's (an input not
   * started yet counts from its first record), else the one behind goes.
   */
  private static List<Arrival> merge(List<Arrival> orders, List<Arrival> payments, PreferOrders preferOrders,
      long skew) {
    List<Arrival> merged = new ArrayList<>();
    int o = 0;
    int p = 0;
    long ordersClock = orders.get(0).time();
    long paymentsClock = payments.get(0).time();
    while (o < orders.size() || p < payments.size()) {
      boolean ordersMay = o < orders.size() && (p == payments.size()
          || Math.max(ordersClock, orders.get(o).time()) - paymentsClock <= skew);
      boolean paymentsMay = p < payments.size() && (o == orders.size()
          || Math.max(paymentsClock, payments.get(p).time()) - ordersClock <= skew);
      boolean takeOrder = ordersMay && paymentsMay ? preferOrders.test(orders.get(o), payments.get(p))
          : ordersMay || !paymentsMay && ordersClock <= paymentsClock;
      if (takeOrder) {
        ordersClock = Math.max(ordersClock, orders.get(o).time());
        merged.add(orders.get(o++));
      } else {
        paymentsClock = Math.max(paymentsClock, payments.get(p).time());
        merged.add(payments.get(p++));
      }
    }
    return merged;
  }

  private static List<Arrival> withOffsets(List<Arrival> arrivals) {
    long orderOffset = 0;
    long paymentOffset = 0;
    List<Arrival> numbered = new ArrayList<>();
    for (Arrival a : arrivals) {
      if (a.order() != null) {
        Order o = a.order();
        numbered.add(new Arrival(new Order(o.eventId(), o.orderId(), o.customerId(), o.merchantId(), o.status(),
            o.amount(), o.currency(), o.eventTime(), o.channel(), o.discountAmount(), 0, orderOffset++), null,
            a.sentAt()));
      } else {
        Payment p = a.payment();
        numbered.add(new Arrival(null, new Payment(p.eventId(), p.paymentId(), p.orderId(), new BigDecimal("10.00"),
            p.outcome(), p.eventTime(), 0, paymentOffset++), a.sentAt()));
      }
    }
    return numbered;
  }
}
