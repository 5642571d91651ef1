package dev.lakehouse.streams.topology.orders;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The order-payment join computed by brute force from its definition in TOPOLOGY.md, independently
 * of {@link OrderTracker}'s incremental state: events in arrival order (no duplicates), stream time
 * S(i) = highest event time among arrivals 0..i. A PLACED order o (time t, arrival i) has the
 * deadline max(t + W, S(i)) + grace; a successful payment p (time tp, arrival j) the deadline
 * max(tp, S(j)) + grace; a deadline has passed at arrival k when it is below S(k), and everything
 * is resolved against the final stream time. p can pay o when tp is in [t, t + W] and, at the later
 * of the two arrivals, the earlier one's deadline has not passed. o is PAID by the first such p in
 * arrival order, else UNPAID once its deadline passed; every further p that could pay o counts as
 * an extra payment; a p that could pay no order is an unknown order once its deadline passed.
 */
final class PaymentJoinOracle {
  /** One arrival: an order (PLACED or not) or a payment attempt. */
  record Event(String eventId, String orderId, boolean isOrder, boolean counts, long time) {}

  /** order event id -> PAID payment event id, or null for UNPAID. */
  final Map<String, String> resolvedOrders = new HashMap<>();
  final List<String> unknownOrderPayments = new ArrayList<>();
  int extraPayments;

  PaymentJoinOracle(List<Event> arrivals, long windowMs, long graceMs) {
    long[] streamTime = new long[arrivals.size()];
    long[] deadlineOf = new long[arrivals.size()];
    long max = Long.MIN_VALUE;
    for (int i = 0; i < arrivals.size(); i++) {
      Event e = arrivals.get(i);
      max = Math.max(max, e.time());
      streamTime[i] = max;
      deadlineOf[i] = (e.isOrder() ? Math.max(e.time() + windowMs, max) : Math.max(e.time(), max)) + graceMs;
    }
    long finalTime = max;
    boolean[] paymentMatched = new boolean[arrivals.size()];
    for (int i = 0; i < arrivals.size(); i++) {
      Event order = arrivals.get(i);
      if (!order.isOrder() || !order.counts()) {
        continue;
      }
      String paidBy = null;
      for (int j = 0; j < arrivals.size(); j++) {
        Event payment = arrivals.get(j);
        boolean canPay = !payment.isOrder() && payment.counts() && payment.orderId().equals(order.orderId())
            && payment.time() >= order.time() && payment.time() <= order.time() + windowMs
            && (j > i ? deadlineOf[i] >= streamTime[j] : deadlineOf[j] >= streamTime[i]);
        if (canPay) {
          paymentMatched[j] = true;
          if (paidBy == null) {
            paidBy = payment.eventId();
          } else {
            extraPayments++;
          }
        }
      }
      if (paidBy != null || deadlineOf[i] < finalTime) {
        resolvedOrders.put(order.eventId(), paidBy);
      }
    }
    for (int j = 0; j < arrivals.size(); j++) {
      Event payment = arrivals.get(j);
      if (!payment.isOrder() && payment.counts() && !paymentMatched[j] && deadlineOf[j] < finalTime) {
        unknownOrderPayments.add(payment.eventId());
      }
    }
  }
}
