package dev.lakehouse.streams.topology.orders;

import dev.lakehouse.streams.topology.event.SourcedEvent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * What the pipeline remembers about one order id: the event ids seen recently (to drop producer
 * retries), its PLACED orders waiting for a successful payment, and its successful payments waiting
 * for a PLACED order. Mutable: loaded, changed and stored by {@link OrderTracker}.
 */
final class OrderState {
  /** An event id and the clock of its input ({@link TrackerClocks}) when it was seen. */
  record Seen(String eventId, long seenAt) {}

  /** An arrival time written by a version that did not keep it: taken as on time. */
  static final long ARRIVED_UNKNOWN = Long.MIN_VALUE;

  /** A PLACED order; once the payments' clock passes its deadline unpaid, it is UNPAID. */
  static final class WaitingOrder {
    final SourcedEvent order;
    final long deadline;
    /** The orders' clock when it arrived ({@link TrackerClocks}), or {@link #ARRIVED_UNKNOWN}; set once, when read. */
    long arrivedAt;
    boolean paid;
    /** The order as the store holds it, once written or read: written again as it is ({@link OrderStateSerde}). */
    byte[] stored;

    WaitingOrder(SourcedEvent order, long deadline, long arrivedAt, boolean paid) {
      this.order = order;
      this.deadline = deadline;
      this.arrivedAt = arrivedAt;
      this.paid = paid;
    }
  }

  /** A successful payment; once the orders' clock passes its deadline unmatched, its order is unknown. */
  static final class WaitingPayment {
    final SourcedEvent payment;
    final long deadline;
    /** The payments' clock when it arrived ({@link TrackerClocks}), or {@link #ARRIVED_UNKNOWN}; set once, when read. */
    long arrivedAt;
    boolean matched;
    /** The payment as the store holds it, once written or read: written again as it is ({@link OrderStateSerde}). */
    byte[] stored;

    WaitingPayment(SourcedEvent payment, long deadline, long arrivedAt, boolean matched) {
      this.payment = payment;
      this.deadline = deadline;
      this.arrivedAt = arrivedAt;
      this.matched = matched;
    }
  }

  final List<Seen> seen;
  final List<WaitingOrder> orders;
  final List<WaitingPayment> payments;

  OrderState() {
    this(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
  }

  OrderState(List<Seen> seen, List<WaitingOrder> orders, List<WaitingPayment> payments) {
    this.seen = seen;
    this.orders = orders;
    this.payments = payments;
  }

  boolean seenSince(String eventId, long since) {
    for (Seen s : seen) {
      if (s.seenAt() >= since && s.eventId().equals(eventId)) {
        return true;
      }
    }
    return false;
  }

  /** Whether an unpaid order waits until exactly {@code deadline}. */
  boolean orderWaitsUntil(long deadline) {
    for (WaitingOrder o : orders) {
      if (!o.paid && o.deadline == deadline) {
        return true;
      }
    }
    return false;
  }

  /** Whether an unmatched payment waits until exactly {@code deadline}. */
  boolean paymentWaitsUntil(long deadline) {
    for (WaitingPayment p : payments) {
      if (!p.matched && p.deadline == deadline) {
        return true;
      }
    }
    return false;
  }

  /**
   * Records {@code eventId} as seen at {@code seenAt} (the clock of its input) and forgets what no
   * longer matters: ids seen before {@code forgetSeenBefore}, and the orders and payments whose
   * deadline is before the time they fall due on (already resolved).
   */
  void remember(String eventId, long seenAt, long forgetSeenBefore, long ordersDue, long paymentsDue) {
    // plain loops: this runs for every event, and a lambda capturing the times is an allocation per call
    for (Iterator<Seen> it = seen.iterator(); it.hasNext();) {
      if (it.next().seenAt() < forgetSeenBefore) {
        it.remove();
      }
    }
    for (Iterator<WaitingOrder> it = orders.iterator(); it.hasNext();) {
      if (it.next().deadline < ordersDue) {
        it.remove();
      }
    }
    for (Iterator<WaitingPayment> it = payments.iterator(); it.hasNext();) {
      if (it.next().deadline < paymentsDue) {
        it.remove();
      }
    }
    seen.add(new Seen(eventId, seenAt));
  }
}
