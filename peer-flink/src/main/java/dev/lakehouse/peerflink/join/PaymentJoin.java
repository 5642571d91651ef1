package dev.lakehouse.peerflink.join;

import dev.lakehouse.peerflink.model.Order;
import dev.lakehouse.peerflink.model.Payment;
import java.io.Serializable;

/**
 * The Streams app's order-payment join rule (streams-app TOPOLOGY.md, "Order payments") on the state
 * of one order id. A PLACED order at time t that arrived when its partition's orders' clock read a
 * waits until D = max(t + window, a) + grace on the payments' clock; a successful payment at time p
 * that arrived when the payments' clock read b waits until E = max(p, b) + grace on the orders'
 * clock ({@link TrackerClocks}). They match when p is in [t, t + window], b <= D and a <= E: a rule
 * on the two records and their own partitions' clocks, so the same matches whichever arrives first.
 * The first matching payment (in the payments' offset order) pays an order; further ones are extra.
 */
final class PaymentJoin implements Serializable {
  /** What the join decides; each call is final for its order or payment. */
  interface Outcomes {
    void paid(Order order, Payment payment);

    void unpaid(Order order);

    void unknownOrder(Payment payment);
  }

  private final long windowMs;
  private final long graceMs;

  PaymentJoin(long windowMs, long graceMs) {
    this.windowMs = windowMs;
    this.graceMs = graceMs;
  }

  /**
   * A new PLACED order takes the waiting payments it matches; the first pays it. It then waits unless
   * its deadline has already passed ({@code ordersDue}, the time orders' deadlines fall due on now).
   */
  void place(OrderIdState state, Order order, long arrivedAt, long ordersDue, Hints hints, Outcomes outcomes) {
    long time = order.eventTime();
    long deadline = Math.max(time + windowMs, arrivedAt) + graceMs;
    boolean paid = false;
    for (int i = 0; i < state.payments.length; i++) {
      OrderIdState.WaitingPayment waiting = state.payments[i];
      if (matches(time, arrivedAt, deadline, waiting.payment().eventTime(), waiting.arrivedAt(), waiting.deadline())) {
        if (!waiting.matched()) {
          state.payments[i] = new OrderIdState.WaitingPayment(waiting.payment(), waiting.deadline(),
              waiting.arrivedAt(), true);
          if (!state.paymentWaitsUntil(waiting.deadline())) {
            hints.paymentDeadlines().remove(waiting.deadline(), order.orderId());
          }
        }
        if (!paid) {
          outcomes.paid(order, waiting.payment());
          paid = true;
        }
      }
    }
    if (deadline < ordersDue) {
      if (!paid) {
        outcomes.unpaid(order);
      }
      return;
    }
    state.add(new OrderIdState.WaitingOrder(order, deadline, arrivedAt, paid));
    if (!paid) {
      hints.orderDeadlines().add(deadline, order.orderId());
    }
  }

  /**
   * A new successful payment pays every waiting unpaid order it matches. It then waits unless it
   * matched one or its deadline has already passed ({@code paymentsDue}).
   */
  void pay(OrderIdState state, Payment payment, long arrivedAt, long paymentsDue, Hints hints, Outcomes outcomes) {
    long paidAt = payment.eventTime();
    long deadline = Math.max(paidAt, arrivedAt) + graceMs;
    boolean matched = false;
    for (int i = 0; i < state.orders.length; i++) {
      OrderIdState.WaitingOrder waiting = state.orders[i];
      if (matches(waiting.order().eventTime(), waiting.arrivedAt(), waiting.deadline(), paidAt, arrivedAt, deadline)) {
        matched = true;
        if (!waiting.paid()) {
          outcomes.paid(waiting.order(), payment);
          state.orders[i] = new OrderIdState.WaitingOrder(waiting.order(), waiting.deadline(), waiting.arrivedAt(), true);
          if (!state.orderWaitsUntil(waiting.deadline())) {
            hints.orderDeadlines().remove(waiting.deadline(), payment.orderId());
          }
        }
      }
    }
    if (deadline < paymentsDue) {
      if (!matched) {
        outcomes.unknownOrder(payment);
      }
      return;
    }
    state.add(new OrderIdState.WaitingPayment(payment, deadline, arrivedAt, matched));
    if (!matched) {
      hints.paymentDeadlines().add(deadline, payment.orderId());
    }
  }

  /**
   * UNPAID for the unpaid orders whose deadline is before {@code ordersDue}; the caller then forgets
   * them ({@link OrderIdState#forget}), so each is resolved once.
   */
  static void resolveOrders(OrderIdState state, long ordersDue, Outcomes outcomes) {
    for (OrderIdState.WaitingOrder waiting : state.orders) {
      if (!waiting.paid() && waiting.deadline() < ordersDue) {
        outcomes.unpaid(waiting.order());
      }
    }
  }

  /** UNKNOWN_ORDER for the unmatched payments whose deadline is before {@code paymentsDue}; then forgotten likewise. */
  static void resolvePayments(OrderIdState state, long paymentsDue, Outcomes outcomes) {
    for (OrderIdState.WaitingPayment waiting : state.payments) {
      if (!waiting.matched() && waiting.deadline() < paymentsDue) {
        outcomes.unknownOrder(waiting.payment());
      }
    }
  }

  /** The rule: the payment lies in the order's window, and each arrived before the other's deadline. */
  private boolean matches(long orderTime, long orderArrived, long orderDeadline, long paidAt, long paymentArrived,
      long paymentDeadline) {
    return paidAt >= orderTime && paidAt <= orderTime + windowMs
        && paymentArrived <= orderDeadline && orderArrived <= paymentDeadline;
  }
}
