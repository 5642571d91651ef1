package dev.lakehouse.peerflink.join;

import dev.lakehouse.peerflink.model.Order;
import dev.lakehouse.peerflink.model.Payment;
import java.util.Arrays;

/**
 * What the tracker remembers about one order id in its partition: the event ids seen recently (to
 * drop producer retries), its PLACED orders waiting for a successful payment, and its successful
 * payments waiting for a PLACED order. A Flink POJO (public fields, arrays: no generic types);
 * changed in place and written back by {@link OrderTracker}.
 */
public final class OrderIdState {
  /** An event id and the clock of its input when it was seen. */
  public record Seen(String eventId, long seenAt) {}

  /** A PLACED order that arrived when the orders' clock read {@code arrivedAt}; due at {@code deadline} on the payments' clock. */
  public record WaitingOrder(Order order, long deadline, long arrivedAt, boolean paid) {}

  /** A successful payment that arrived when the payments' clock read {@code arrivedAt}; due at {@code deadline} on the orders' clock. */
  public record WaitingPayment(Payment payment, long deadline, long arrivedAt, boolean matched) {}

  private static final Seen[] NO_SEEN = {};
  private static final WaitingOrder[] NO_ORDERS = {};
  private static final WaitingPayment[] NO_PAYMENTS = {};

  public Seen[] seen = NO_SEEN;
  public WaitingOrder[] orders = NO_ORDERS;
  public WaitingPayment[] payments = NO_PAYMENTS;

  boolean seenSince(String eventId, long since) {
    for (Seen s : seen) {
      if (s.seenAt() >= since && s.eventId().equals(eventId)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Forgets what no longer matters: ids seen before {@code forgetSeenBefore}, and the orders and
   * payments whose deadline is before the time they fall due on (already resolved).
   */
  void forget(long forgetSeenBefore, long ordersDue, long paymentsDue) {
    seen = Arrays.stream(seen).filter(s -> s.seenAt() >= forgetSeenBefore).toArray(Seen[]::new);
    orders = Arrays.stream(orders).filter(o -> o.deadline() >= ordersDue).toArray(WaitingOrder[]::new);
    payments = Arrays.stream(payments).filter(p -> p.deadline() >= paymentsDue).toArray(WaitingPayment[]::new);
  }

  void remember(String eventId, long seenAt) {
    seen = Arrays.copyOf(seen, seen.length + 1);
    seen[seen.length - 1] = new Seen(eventId, seenAt);
  }

  void add(WaitingOrder order) {
    orders = Arrays.copyOf(orders, orders.length + 1);
    orders[orders.length - 1] = order;
  }

  void add(WaitingPayment payment) {
    payments = Arrays.copyOf(payments, payments.length + 1);
    payments[payments.length - 1] = payment;
  }

  /** Whether an unpaid order waits until exactly {@code deadline}. */
  boolean orderWaitsUntil(long deadline) {
    return Arrays.stream(orders).anyMatch(o -> !o.paid() && o.deadline() == deadline);
  }

  /** Whether an unmatched payment waits until exactly {@code deadline}. */
  boolean paymentWaitsUntil(long deadline) {
    return Arrays.stream(payments).anyMatch(p -> !p.matched() && p.deadline() == deadline);
  }

  boolean isEmpty() {
    return seen.length == 0 && orders.length == 0 && payments.length == 0;
  }

  /**
   * The latest of both clocks after which all of this state is forgotten: every id's dedup window,
   * and every deadline, which falls due at the latest once the latest clock passed it by the skew.
   */
  long forgottenAfter(long dedupMs, long maxSkewMs) {
    long last = Long.MIN_VALUE;
    for (Seen s : seen) {
      last = Math.max(last, s.seenAt() + dedupMs);
    }
    for (WaitingOrder o : orders) {
      last = Math.max(last, o.deadline());
    }
    for (WaitingPayment p : payments) {
      last = Math.max(last, p.deadline());
    }
    return last + maxSkewMs;
  }
}
