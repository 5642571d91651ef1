package dev.lakehouse.peerflink.model;

/**
 * The order tracker's one keyed input: an order or a payment (exactly one is set), so that orders
 * and payments of a partition share one keyed stream beside the broadcast reference versions.
 */
public record OrderOrPayment(Order order, Payment payment) {
  public static OrderOrPayment of(Order order) {
    return new OrderOrPayment(order, null);
  }

  public static OrderOrPayment of(Payment payment) {
    return new OrderOrPayment(null, payment);
  }

  /** The partition of its input topic it was read from. */
  public int partition() {
    return order != null ? order.partition() : payment.partition();
  }
}
