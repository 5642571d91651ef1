package dev.lakehouse.peerflink.join;

/**
 * The due-time hints of one input partition: waiting orders' deadlines (on the time orders fall due
 * on), waiting payments' deadlines (on the time payments fall due on), and when an order id's whole
 * state is forgotten (on the latest of both clocks). Derived from the state, kept in memory.
 */
record Hints(DueIndex orderDeadlines, DueIndex paymentDeadlines, DueIndex forgetting) {
  static Hints empty() {
    return new Hints(new DueIndex(), new DueIndex(), new DueIndex());
  }

  /** Adds the hints of one order id's state, as it stands at the given due times. */
  void addAll(String orderId, OrderIdState state, long ordersDue, long paymentsDue, long forgottenAfter) {
    for (OrderIdState.WaitingOrder order : state.orders) {
      if (!order.paid() && order.deadline() >= ordersDue) {
        orderDeadlines.add(order.deadline(), orderId);
      }
    }
    for (OrderIdState.WaitingPayment payment : state.payments) {
      if (!payment.matched() && payment.deadline() >= paymentsDue) {
        paymentDeadlines.add(payment.deadline(), orderId);
      }
    }
    forgetting.add(forgottenAfter, orderId);
  }
}
