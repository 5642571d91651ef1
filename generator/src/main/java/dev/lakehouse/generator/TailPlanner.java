package dev.lakehouse.generator;

import dev.lakehouse.schemas.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.common.utils.Utils;

/**
 * The tail: PLACED orders after the last event that move stream time past every earlier window
 * and join window on every task, in waves sent a little apart in wall-clock time.
 *
 * <p>First a staircase: every {@value #STAIR_SECONDS} s of event time from the last event until
 * every window closed (grace + 2 minutes), one order per merchant-currency pair and one payment per
 * outcome. Why not one jump: a window store drops windows older than its retention (window +
 * grace) as soon as stream time passes it, before the closed windows are emitted, so a jump of an
 * hour would lose the last windows instead of emitting them.
 *
 * <p>Then {@value #WAVES} waves {@link GeneratorConfig#tailWaveGap()} apart from the tail time on.
 * <p>Each wave: one order per customer and per merchant-currency pair (whichever is more), each
 * with one payment (outcomes in turn), plus more until every partition of {@code orders} and
 * {@code payments} got one. Why several: orders are enriched through two joins that each hold an
 * order until stream time passes it by the reference join grace, so each wave releases the one
 * before it; and Kafka Streams emits closed windows and unmatched join records at most once per
 * second of wall-clock time, so a later wave emits what an earlier one closed too soon after the
 * previous emission.
 *
 * <p>Produce it only once the Streams app has consumed everything before it, or skew between
 * partitions makes earlier events late.
 */
final class TailPlanner {
  static final int WAVES = 3;
  static final int STAIR_SECONDS = 30;
  private static final int MAX_EXTRA_ORDERS = 10_000;

  private TailPlanner() {}

  static List<List<PlannedRecord>> plan(GeneratorConfig config, EventPlanner events, Instant lastHead,
      Instant tailTime, int orderPartitions, int paymentPartitions) {
    List<List<PlannedRecord>> waves = new ArrayList<>();
    Instant allClosed = lastHead.plus(config.grace()).plusSeconds(120);
    for (Instant step = lastHead.plusSeconds(STAIR_SECONDS); !step.isAfter(allClosed);
        step = step.plusSeconds(STAIR_SECONDS)) {
      waves.add(stair(config, events, step));
    }
    for (int wave = 0; wave < WAVES; wave++) {
      waves.add(wave(config, events, tailTime.plus(config.tailWaveGap().multipliedBy(wave)), orderPartitions,
          paymentPartitions));
    }
    return waves;
  }

  private static List<PlannedRecord> wave(
      GeneratorConfig config, EventPlanner events, Instant time, int orderPartitions, int paymentPartitions) {
    List<String> customers = events.customerIds();
    List<String[]> merchantCurrencies = new ArrayList<>();
    events.merchantIds().forEach(m -> config.currencies().forEach(c -> merchantCurrencies.add(new String[] {m, c})));
    List<PlannedRecord> orders = new ArrayList<>();
    List<PlannedRecord> payments = new ArrayList<>();
    int n = 0;
    for (; n < Math.max(customers.size(), merchantCurrencies.size()); n++) {
      addPaidOrder(config, events, time, customers, merchantCurrencies, n, orders, payments);
    }
    while (!reachesAll(orders, orderPartitions) || !reachesAll(payments, paymentPartitions)) {
      if (n > MAX_EXTRA_ORDERS) {
        throw new IllegalStateException("Cannot plan a tail that reaches all " + orderPartitions + " partitions of "
            + Topics.ORDERS + " and " + paymentPartitions + " of " + Topics.PAYMENTS);
      }
      addPaidOrder(config, events, time, customers, merchantCurrencies, n++, orders, payments);
    }
    List<PlannedRecord> wave = new ArrayList<>(orders);
    wave.addAll(payments);
    return wave;
  }

  /** One order per merchant-currency pair, the first ones paid with each outcome in turn. */
  private static List<PlannedRecord> stair(GeneratorConfig config, EventPlanner events, Instant time) {
    List<PlannedRecord> orders = new ArrayList<>();
    List<PlannedRecord> payments = new ArrayList<>();
    int n = 0;
    for (String merchant : events.merchantIds()) {
      for (String currency : config.currencies()) {
        OrderFacts random = events.newOrder(time);
        OrderFacts order = random.withParties(random.customerId(), merchant, currency);
        orders.add(events.orderEvent(order, GeneratorConfig.PLACED, time, EventClass.TAIL));
        if (n < config.outcomes().size()) {
          payments.add(events.payment(order, config.outcomes().get(n), time.plusSeconds(1), EventClass.TAIL));
        }
        n++;
      }
    }
    orders.addAll(payments);
    return orders;
  }

  private static void addPaidOrder(GeneratorConfig config, EventPlanner events, Instant time, List<String> customers,
      List<String[]> merchantCurrencies, int n, List<PlannedRecord> orders, List<PlannedRecord> payments) {
    OrderFacts order = order(events, time, customers, merchantCurrencies, n);
    orders.add(events.orderEvent(order, GeneratorConfig.PLACED, time, EventClass.TAIL));
    String outcome = config.outcomes().get(n % config.outcomes().size());
    payments.add(events.payment(order, outcome, time.plusSeconds(1), EventClass.TAIL));
  }

  private static OrderFacts order(EventPlanner events, Instant time, List<String> customers,
      List<String[]> merchantCurrencies, int n) {
    OrderFacts random = events.newOrder(time);
    String[] merchantCurrency = merchantCurrencies.get(n % merchantCurrencies.size());
    return random.withParties(customers.get(n % customers.size()), merchantCurrency[0], merchantCurrency[1]);
  }

  private static boolean reachesAll(List<PlannedRecord> records, int partitions) {
    Set<Integer> hit = new HashSet<>();
    records.forEach(r -> hit.add(partition(r.key(), partitions)));
    return hit.size() == partitions;
  }

  /** The partition Kafka's default partitioner picks for a string key. */
  static int partition(String key, int partitions) {
    return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % partitions;
  }
}
