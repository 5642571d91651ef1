package dev.lakehouse.streams.topology.orders;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.state.StreamTime;
import java.time.Duration;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The order tracker's clocks in one task: the stream time of its orders and that of its payments,
 * each the highest event time of its own input partition so far. Each depends on one partition's
 * records in offset order only, not on how the task interleaved the two partitions (which differs
 * between a live run, a catch-up and a replay), so every decision taken on them is the same in all
 * three.
 *
 * <p>An order waits for payments, so its deadline falls due on the payments' clock; a payment waits
 * for an order, so its deadline falls due on the orders' clock. Should one input run more than the
 * max input skew behind the other (its producer stopped), the one ahead decides alone: a deadline is
 * also due once the latest of both clocks passed it by the skew. That bounds how long state waits.
 *
 * <p>The latest of both clocks is kept under the key the tracker used before it had two clocks, so
 * that a tracker of an earlier version (a rollback) finds it; a task that has only that key (state
 * of an earlier version) starts both clocks from it.
 */
final class TrackerClocks {
  private final StreamTime orders;
  private final StreamTime payments;
  private final StreamTime latest;
  private final long maxSkewMs;

  TrackerClocks(KeyValueStore<String, Long> store, String key, Duration maxInputSkew) {
    this.orders = new StreamTime(store, key + "-" + Topics.ORDERS);
    this.payments = new StreamTime(store, key + "-" + Topics.PAYMENTS);
    this.latest = new StreamTime(store, key);
    this.maxSkewMs = maxInputSkew.toMillis();
  }

  /** Whether a record was seen yet: until then no clock has a time. */
  boolean started() {
    return latest.current() != StreamTime.NONE;
  }

  /** Moves the clock of the record's input ({@code orders} or {@code payments}) to its time if that is later. */
  void advance(String topic, long time) {
    if (orders.current() == StreamTime.NONE && payments.current() == StreamTime.NONE && started()) {
      orders.advance(latest.current());
      payments.advance(latest.current());
    }
    clock(topic).advance(time);
    latest.advance(time);
  }

  /** The stream time of an input: the highest event time of its records so far. */
  long of(String topic) {
    long time = clock(topic).current();
    boolean earlierVersion = time == StreamTime.NONE && clock(other(topic)).current() == StreamTime.NONE;
    return earlierVersion ? latest.current() : time;
  }

  long latest() {
    return latest.current();
  }

  /** The time on which the deadlines of waiting orders fall due: the payments' clock. */
  long ordersDue() {
    return due(of(Topics.PAYMENTS));
  }

  /** The time on which the deadlines of waiting payments fall due: the orders' clock. */
  long paymentsDue() {
    return due(of(Topics.ORDERS));
  }

  private long due(long otherInput) {
    long latestTime = latest.current();
    return latestTime == StreamTime.NONE ? StreamTime.NONE : Math.max(otherInput, latestTime - maxSkewMs);
  }

  private StreamTime clock(String topic) {
    return Topics.ORDERS.equals(topic) ? orders : payments;
  }

  private static String other(String topic) {
    return Topics.ORDERS.equals(topic) ? Topics.PAYMENTS : Topics.ORDERS;
  }
}
