package dev.lakehouse.generator;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * What later events of an order (payments, status changes) repeat from its PLACED event. An order
 * keeps its producer: one still on the previous contract (version 2 of {@code orders-value}) sends
 * no channel and no discount ({@code channel} and {@code discount} null).
 */
record OrderFacts(String orderId, String customerId, String merchantId, BigDecimal amount, String currency,
    Instant placedAt, String channel, BigDecimal discount) {

  /** The same order placed by {@code customerId} with {@code merchantId} in {@code currency}. */
  OrderFacts withParties(String customerId, String merchantId, String currency) {
    return new OrderFacts(orderId, customerId, merchantId, amount, currency, placedAt, channel, discount);
  }

  boolean onPreviousContract() {
    return channel == null;
  }
}
