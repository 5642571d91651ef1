package dev.lakehouse.streams.topology.orders;

import dev.lakehouse.streams.topology.event.SourcedEvent;
import java.util.function.Function;

/**
 * The order-payment join on the states of one task (TOPOLOGY.md, "Order payments"). A PLACED order
 * at time t that arrived when the orders' clock read a waits until D = max(t + window, a) + grace on
 * the payments' clock; a successful payment at time p that arrived when the payments' clock read b
 * waits until E = max(p, b) + grace on the orders' clock ({@link TrackerClocks}). They match when
 * p is in [t, t + window], b <= D and a <= E: a rule on the two records and their own inputs' clocks
 * only, so the task reaches the same matches whichever of the two it reads first. The first
 * matching payment of an order (in the payments' offset order) pays it; further ones are extra.
 * An order whose deadline passes unmatched is UNPAID; a payment whose deadline passes unmatched
 * belongs to an unknown order.
 *
 * <p>Which order ids have a deadline when is kept in two {@link DeadlineIndex}es, one per clock,
 * as hints: the state decides what is due.
 */
final class PaymentJoin {
  /** What the join decides; each call is final for its order or payment. */
  interface Outcomes {
    void paid(String orderId, SourcedEvent order, SourcedEvent payment);

    void extraPayment();

    void unpaid(String orderId, SourcedEvent order);

    void unknownOrder(String orderId, SourcedEvent payment);
  }

  private final long windowMs;
  private final long graceMs;
  private final DeadlineIndex orderDeadlines;
  private final DeadlineIndex paymentDeadlines;
  private final Outcomes outcomes;

  PaymentJoin(long windowMs, long graceMs, DeadlineIndex orderDeadlines, DeadlineIndex paymentDeadlines,
      Outcomes outcomes) {
    this.windowMs = windowMs;
    this.graceMs = graceMs;
    this.orderDeadlines = orderDeadlines;
    this.paymentDeadlines = paymentDeadlines;
    this.outcomes = outcomes;
  }

  /** Empties both indexes; {@link #addOpen} then fills them again from the stored states. */
  void clearDeadlines() {
    orderDeadlines.clear();
    paymentDeadlines.clear();
  }

  /** Adds the deadlines still to come of an order id's unpaid orders and unmatched payments. */
  void addOpen(String orderId, OrderState state, long ordersDue, long paymentsDue) {
    for (OrderState.WaitingOrder order : state.orders) {
      if (!order.paid && order.deadline >= ordersDue) {
        orderDeadlines.add(order.deadline, orderId);
      }
    }
    for (OrderState.WaitingPayment payment : state.payments) {
      if (!payment.matched && payment.deadline >= paymentsDue) {
        paymentDeadlines.add(payment.deadline, orderId);
      }
    }
  }

  /**
   * A new PLACED order takes the successful payments already waiting that match it; the first pays
   * it. It then waits for payments unless it is paid or its deadline has already passed.
   *
   * @param arrivedAt the orders' clock, this order included
   * @param ordersDue the time orders' deadlines fall due on now
   */
  void place(OrderState state, String orderId, SourcedEvent order, long arrivedAt, long ordersDue) {
    long time = order.eventTime();
    long deadline = Math.max(time + windowMs, arrivedAt) + graceMs;
    boolean paid = false;
    for (OrderState.WaitingPayment waiting : state.payments) {
      if (matches(time, arrivedAt, deadline, waiting.payment.eventTime(), waiting.arrivedAt, waiting.deadline)) {
        if (!waiting.matched) {
          waiting.matched = true;
          stopWaiting(paymentDeadlines, state.paymentWaitsUntil(waiting.deadline), waiting.deadline, orderId);
        }
        paid = payOnce(orderId, order, waiting.payment, paid);
      }
    }
    if (deadline < ordersDue) {
      if (!paid) {
        outcomes.unpaid(orderId, order);
      }
      return;
    }
    state.orders.add(new OrderState.WaitingOrder(order, deadline, arrivedAt, paid));
    if (!paid) {
      orderDeadlines.add(deadline, orderId);
    }
  }

  /**
   * A new successful payment pays every waiting PLACED order it matches, once each. It then waits for
   * an order unless it matched one or its deadline has already passed.
   *
   * @param arrivedAt the payments' clock, this payment included
   * @param paymentsDue the time payments' deadlines fall due on now
   */
  void pay(OrderState state, String orderId, SourcedEvent payment, long arrivedAt, long paymentsDue) {
    long paidAt = payment.eventTime();
    long deadline = Math.max(paidAt, arrivedAt) + graceMs;
    boolean matched = false;
    for (OrderState.WaitingOrder waiting : state.orders) {
      if (matches(waiting.order.eventTime(), waiting.arrivedAt, waiting.deadline, paidAt, arrivedAt, deadline)) {
        matched = true;
        boolean wasPaid = waiting.paid;
        waiting.paid = payOnce(orderId, waiting.order, payment, wasPaid);
        if (!wasPaid) {
          stopWaiting(orderDeadlines, state.orderWaitsUntil(waiting.deadline), waiting.deadline, orderId);
        }
      }
    }
    if (deadline < paymentsDue) {
      if (!matched) {
        outcomes.unknownOrder(orderId, payment);
      }
      return;
    }
    state.payments.add(new OrderState.WaitingPayment(payment, deadline, arrivedAt, matched));
    if (!matched) {
      paymentDeadlines.add(deadline, orderId);
    }
  }

  /**
   * Emits UNPAID for the orders whose deadline the time they fall due on passed, as it moved from
   * {@code from} to {@code to}: deadlines in [from, to).
   */
  void resolveOrders(long from, long to, Function<String, OrderState> stateOf) {
    for (String orderId : orderDeadlines.takeBefore(to)) {
      for (OrderState.WaitingOrder waiting : stateOf.apply(orderId).orders) {
        if (!waiting.paid && waiting.deadline >= from && waiting.deadline < to) {
          outcomes.unpaid(orderId, waiting.order);
        }
      }
    }
  }

  /** Emits the unknown orders of the payments whose deadline passed as their time moved from {@code from} to {@code to}. */
  void resolvePayments(long from, long to, Function<String, OrderState> stateOf) {
    for (String orderId : paymentDeadlines.takeBefore(to)) {
      for (OrderState.WaitingPayment waiting : stateOf.apply(orderId).payments) {
        if (!waiting.matched && waiting.deadline >= from && waiting.deadline < to) {
          outcomes.unknownOrder(orderId, waiting.payment);
        }
      }
    }
  }

  /**
   * The rule: the payment lies in the order's window, and each arrived before the other's deadline
   * on its own input's clock. An arrival an earlier version did not keep counts as on time.
   */
  private boolean matches(long orderTime, long orderArrived, long orderDeadline, long paidAt, long paymentArrived,
      long paymentDeadline) {
    return paidAt >= orderTime && paidAt <= orderTime + windowMs
        && paymentArrived <= orderDeadline && orderArrived <= paymentDeadline;
  }

  /** An order or payment no longer waits for its deadline: drops the hint, unless another one of its kind does. */
  private static void stopWaiting(DeadlineIndex index, boolean otherWaits, long deadline, String orderId) {
    if (!otherWaits) {
      index.remove(deadline, orderId);
    }
  }

  /** Emits PAID unless the order is already paid (then the payment is an extra one); returns true. */
  private boolean payOnce(String orderId, SourcedEvent order, SourcedEvent payment, boolean alreadyPaid) {
    if (alreadyPaid) {
      outcomes.extraPayment();
    } else {
      outcomes.paid(orderId, order, payment);
    }
    return true;
  }
}
