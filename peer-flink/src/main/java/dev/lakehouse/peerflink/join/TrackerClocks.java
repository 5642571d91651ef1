package dev.lakehouse.peerflink.join;

/**
 * The clocks of one input partition n (partition n of {@code orders} and of {@code payments}, which
 * the order tracker owns together, as a Kafka Streams task does): each the highest event time of
 * its records so far in offset order, so each depends on its own partition's records only, not on
 * how the two partitions' records interleave. Immutable: every advance gives a new value.
 *
 * @param orders the orders' stream time (valid orders); deadlines of waiting payments fall due on it
 * @param payments the payments' stream time (valid payments); deadlines of waiting orders fall due on it
 * @param placedOrders the revenue windows' stream time: unique PLACED orders (lateness)
 * @param uniquePayments the payment windows' stream time: unique payments (lateness)
 */
public record TrackerClocks(long orders, long payments, long placedOrders, long uniquePayments) {
  /** No record yet. */
  public static final long NONE = Long.MIN_VALUE;
  static final TrackerClocks START = new TrackerClocks(NONE, NONE, NONE, NONE);

  TrackerClocks advance(boolean order, long time) {
    return order ? new TrackerClocks(Math.max(orders, time), payments, placedOrders, uniquePayments)
        : new TrackerClocks(orders, Math.max(payments, time), placedOrders, uniquePayments);
  }

  TrackerClocks advanceWindow(boolean order, long time) {
    return order ? new TrackerClocks(orders, payments, Math.max(placedOrders, time), uniquePayments)
        : new TrackerClocks(orders, payments, placedOrders, Math.max(uniquePayments, time));
  }

  /** The later of two copies of one partition's clocks, field by field (clocks only move forward). */
  static TrackerClocks latest(TrackerClocks a, TrackerClocks b) {
    return new TrackerClocks(Math.max(a.orders, b.orders), Math.max(a.payments, b.payments),
        Math.max(a.placedOrders, b.placedOrders), Math.max(a.uniquePayments, b.uniquePayments));
  }

  /** The stream time of one input. */
  long of(boolean order) {
    return order ? orders : payments;
  }

  long latest() {
    return Math.max(orders, payments);
  }

  /**
   * The time waiting orders' deadlines fall due on: the payments' clock, or the latest of both clocks
   * minus the max input skew when the payments run further behind (or have not started).
   */
  long ordersDue(long maxSkewMs) {
    return due(payments, maxSkewMs);
  }

  /** The time waiting payments' deadlines fall due on: the orders' clock, bounded as {@link #ordersDue}. */
  long paymentsDue(long maxSkewMs) {
    return due(orders, maxSkewMs);
  }

  private long due(long otherInput, long maxSkewMs) {
    long latest = latest();
    return latest == NONE ? NONE : Math.max(otherInput, latest - maxSkewMs);
  }
}
