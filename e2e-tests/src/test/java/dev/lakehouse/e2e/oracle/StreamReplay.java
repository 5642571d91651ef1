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
 *   <li>order state: the task's stream time is the highest event time of the orders and payments it
 *       kept (send order stands for the order in which the task interleaves its two partitions); an
 *       order's join deadline is max(order time + join window, stream time at arrival) + grace, and its
 *       UNPAID row comes once the task's stream time passes the deadline.
 * </ul>
 */
final class StreamReplay {
  static final long WINDOW_MS = 60_000;

  private final AppSettings settings;
  private final Set<ProducedRecord> futureEvents = identitySet();
  private final Set<ProducedRecord> late = identitySet();
  private final Map<ProducedRecord, Long> arrivalStreamTime = new IdentityHashMap<>();
  private final Map<String, Long> windowStepTimes = new HashMap<>();
  private final Map<Integer, Long> taskTimes = new HashMap<>();
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
    arrivalStreamTime.put(r, taskTimes.merge(r.partition(), time, Math::max));
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

  /** Whether the UNPAID row of a kept PLACED order came: its task's stream time passed the order's join deadline. */
  boolean joinWindowClosed(ProducedRecord order) {
    long time = order.planned().eventTime().toEpochMilli();
    long deadline = Math.max(time + settings.joinWindow().toMillis(), arrivalStreamTime.get(order))
        + settings.windowGrace().toMillis();
    return taskTimes.get(order.partition()) > deadline;
  }

  static long windowStart(long time) {
    return time - Math.floorMod(time, WINDOW_MS);
  }

  private static Set<ProducedRecord> identitySet() {
    return Collections.newSetFromMap(new IdentityHashMap<>());
  }
}
