package dev.lakehouse.e2e.oracle;

import dev.lakehouse.generator.EventClass;
import dev.lakehouse.generator.ProducedRecord;
import dev.lakehouse.schemas.Topics;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The stream-time rules of TOPOLOGY.md replayed over produced records in send order (the offset
 * order of each partition; runs one after the other), independently of the topology's code:
 *
 * <ul>
 *   <li>validation dead-letters an event more than max-future-skew ahead of the wall clock (the
 *       wall clock when it was sent: the app reads it a moment later);
 *   <li>deduplication drops the generator's re-sent duplicates: they arrive right after the original,
 *       within the dedup window of stream time;
 *   <li>windows: per input partition, the window step's stream time is the highest event time of the
 *       records that reach it (PLACED orders for revenue, payments for payment outcomes), advanced by the
 *       record itself first; a record is late when its window end + grace is at or before it; a window
 *       is emitted once every partition's stream time passed its end + grace;
 *   <li>order state: the orders and the payments of a partition each have their own stream time, the
 *       highest event time of the records of that input kept so far (in send order, which is the
 *       partition's offset order; how the task interleaves the two inputs does not matter). An order
 *       at t that arrived at the orders' stream time a has the deadline D = max(t + join window, a) +
 *       grace, a successful payment at p that arrived at the payments' stream time b has E = max(p, b)
 *       + grace; they meet when p is in [t, t + join window], b <= D and a <= E. The UNPAID row of an
 *       order comes once its partition's payments' stream time passes D, or the later of the two
 *       stream times passes it by the max input skew.
 * </ul>
 */
final class StreamReplay {
  static final long WINDOW_MS = 60_000;

  private final AppSettings settings;
  private final Set<ProducedRecord> futureEvents = identitySet();
  private final Set<ProducedRecord> late = identitySet();
  private final Map<ProducedRecord, Long> arrivalStreamTime = new IdentityHashMap<>();
  private final Map<String, Long> windowStepTimes = new HashMap<>();
  private final Map<String, Long> inputTimes = new HashMap<>();
  private final Set<Integer> partitions = new TreeSet<>();

  StreamReplay(List<ProducedRecord> records, AppSettings settings) {
    this.settings = settings;
    for (ProducedRecord r : records) {
      if (r.topic().equals(Topics.ORDERS) || r.topic().equals(Topics.PAYMENTS)) {
        partitions.add(r.partition());
        replay(r);
      }
    }
  }

  private void replay(ProducedRecord r) {
    if (!keptClass(r.eventClass())) {
      return;
    }
    long time = r.planned().eventTime().toEpochMilli();
    if (time > r.sendTimeMillis() + settings.maxFutureSkew().toMillis()) {
      futureEvents.add(r);
      return;
    }
    arrivalStreamTime.put(r, inputTimes.merge(r.topic() + "|" + r.partition(), time, Math::max));
    boolean order = r.topic().equals(Topics.ORDERS);
    if (order && !"PLACED".equals(String.valueOf(r.planned().value().get("status")))) {
      return;
    }
    long stepTime = windowStepTimes.merge(r.topic() + "|" + r.partition(), time, Math::max);
    if (windowStart(time) + WINDOW_MS + settings.windowGrace().toMillis() <= stepTime) {
      late.add(r);
    }
  }

  /** Valid events and their retries; the retries are then dropped as duplicates. */
  private static boolean keptClass(EventClass eventClass) {
    return switch (eventClass) {
      case VALID, OUT_OF_ORDER_IN_GRACE, BEYOND_GRACE, TAIL -> true;
      default -> false;
    };
  }

  /** Passed validation and deduplication. */
  boolean kept(ProducedRecord r) {
    return arrivalStreamTime.containsKey(r);
  }

  /** Dead-lettered: its event time was too far ahead of the wall clock. */
  boolean inFuture(ProducedRecord r) {
    return futureEvents.contains(r);
  }

  /** Too late for its window: in late_events, not in the window tables. */
  boolean late(ProducedRecord r) {
    return late.contains(r);
  }

  /** Whether the window ending at {@code windowEnd} was closed on every partition of the topic's window step. */
  boolean closedEverywhere(String topic, long windowEnd) {
    for (int partition : partitions) {
      Long stepTime = windowStepTimes.get(topic + "|" + partition);
      if (stepTime == null || windowEnd + settings.windowGrace().toMillis() > stepTime) {
        return false;
      }
    }
    return true;
  }

  /** Whether the UNPAID row of a kept PLACED order came: the time its deadline falls due on passed it. */
  boolean joinWindowClosed(ProducedRecord order) {
    long deadline = orderDeadline(order);
    long payments = inputTimes.getOrDefault(Topics.PAYMENTS + "|" + order.partition(), Long.MIN_VALUE);
    long orders = inputTimes.get(Topics.ORDERS + "|" + order.partition());
    return payments > deadline || Math.max(orders, payments) - settings.maxInputSkew().toMillis() > deadline;
  }

  /** Whether the deadline of a kept successful payment that met no order fell due: the UNKNOWN_ORDER dead letter came. */
  boolean paymentWaitClosed(ProducedRecord payment) {
    long deadline = Math.max(eventTime(payment), arrivalStreamTime.get(payment)) + settings.windowGrace().toMillis();
    long orders = inputTimes.getOrDefault(Topics.ORDERS + "|" + payment.partition(), Long.MIN_VALUE);
    long payments = inputTimes.get(Topics.PAYMENTS + "|" + payment.partition());
    return orders > deadline || Math.max(orders, payments) - settings.maxInputSkew().toMillis() > deadline;
  }

  /** Whether a kept PLACED order and a kept successful payment of its order id meet (the join's rule). */
  boolean meet(ProducedRecord order, ProducedRecord payment) {
    long orderTime = eventTime(order);
    long paidAt = eventTime(payment);
    long paymentDeadline = Math.max(paidAt, arrivalStreamTime.get(payment)) + settings.windowGrace().toMillis();
    return paidAt >= orderTime && paidAt <= orderTime + settings.joinWindow().toMillis()
        && arrivalStreamTime.get(payment) <= orderDeadline(order) && arrivalStreamTime.get(order) <= paymentDeadline;
  }

  private long orderDeadline(ProducedRecord order) {
    return Math.max(eventTime(order) + settings.joinWindow().toMillis(), arrivalStreamTime.get(order))
        + settings.windowGrace().toMillis();
  }

  private static long eventTime(ProducedRecord r) {
    return r.planned().eventTime().toEpochMilli();
  }

  static long windowStart(long time) {
    return time - Math.floorMod(time, WINDOW_MS);
  }

  private static Set<ProducedRecord> identitySet() {
    return Collections.newSetFromMap(new IdentityHashMap<>());
  }
}
