package dev.lakehouse.streams.topology.orders;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The order-payment join computed by brute force from its definition in TOPOLOGY.md, independently
 * of {@link OrderTracker}'s incremental state. Events in arrival order (no duplicates). Each input
 * has its own clock: O(i) = highest order time among arrivals 0..i, P(i) likewise for payments,
 * L(i) = the later of the two. A PLACED order o (time t, arrival i) has the deadline
 * D(o) = max(t + W, O(i)) + grace, due on max(P, L - skew); a successful payment p (time tp, arrival
 * j) has E(p) = max(tp, P(j)) + grace, due on max(O, L - skew). p matches o when tp is in
 * [t, t + W], P(j) <= D(o) and O(i) <= E(p), and the one that arrived first had not fallen due when
 * the other arrived. o is PAID by the first matching p in arrival order, else UNPAID once its
 * deadline fell due; every further p that matches o counts as an extra payment; a p that matches no
 * order is an unknown order once its deadline fell due. All is resolved against the final clocks.
 */
final class PaymentJoinOracle {
  /** One arrival: an order (PLACED or not) or a payment attempt. */
  record Event(String eventId, String orderId, boolean isOrder, boolean counts, long time) {}

  /** order event id -> PAID payment event id, or null for UNPAID. */
  final Map<String, String> resolvedOrders = new HashMap<>();
  final List<String> unknownOrderPayments = new ArrayList<>();
  int extraPayments;

  PaymentJoinOracle(List<Event> arrivals, long windowMs, long graceMs, long maxSkewMs) {
    int n = arrivals.size();
    long[] ownClock = new long[n];
    long[] ordersDue = new long[n];
    long[] paymentsDue = new long[n];
    long[] deadline = new long[n];
    long orders = Long.MIN_VALUE;
    long payments = Long.MIN_VALUE;
    for (int i = 0; i < n; i++) {
      Event e = arrivals.get(i);
      if (e.isOrder()) {
        orders = Math.max(orders, e.time());
      } else {
        payments = Math.max(payments, e.time());
      }
      long latest = Math.max(orders, payments);
      ownClock[i] = e.isOrder() ? orders : payments;
      ordersDue[i] = Math.max(payments, latest - maxSkewMs);
      paymentsDue[i] = Math.max(orders, latest - maxSkewMs);
      deadline[i] = (e.isOrder() ? Math.max(e.time() + windowMs, ownClock[i]) : Math.max(e.time(), ownClock[i]))
          + graceMs;
    }
    long finalOrdersDue = n == 0 ? Long.MIN_VALUE : ordersDue[n - 1];
    long finalPaymentsDue = n == 0 ? Long.MIN_VALUE : paymentsDue[n - 1];
    boolean[] paymentMatched = new boolean[n];
    for (int i = 0; i < n; i++) {
      Event order = arrivals.get(i);
      if (!order.isOrder() || !order.counts()) {
        continue;
      }
      String paidBy = null;
      for (int j = 0; j < n; j++) {
        Event payment = arrivals.get(j);
        boolean canPay = !payment.isOrder() && payment.counts() && payment.orderId().equals(order.orderId())
            && payment.time() >= order.time() && payment.time() <= order.time() + windowMs
            && ownClock[j] <= deadline[i] && ownClock[i] <= deadline[j]
            && (j > i ? deadline[i] >= ordersDue[j] : deadline[j] >= paymentsDue[i]);
        if (canPay) {
          paymentMatched[j] = true;
          if (paidBy == null) {
            paidBy = payment.eventId();
          } else {
            extraPayments++;
          }
        }
      }
      if (paidBy != null || deadline[i] < finalOrdersDue) {
        resolvedOrders.put(order.eventId(), paidBy);
      }
    }
    for (int j = 0; j < n; j++) {
      Event payment = arrivals.get(j);
      if (!payment.isOrder() && payment.counts() && !paymentMatched[j] && deadline[j] < finalPaymentsDue) {
        unknownOrderPayments.add(payment.eventId());
      }
    }
  }
}
