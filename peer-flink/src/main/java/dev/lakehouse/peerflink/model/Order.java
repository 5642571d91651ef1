package dev.lakehouse.peerflink.model;

import java.math.BigDecimal;

/**
 * A valid order event and the partition and offset of {@code orders} it was read from.
 *
 * @param channel where the order was placed; null in events of producers on contract version 2
 * @param discountAmount the discount, between 0 and the amount; null when the producer set none
 */
public record Order(
    String eventId,
    String orderId,
    String customerId,
    String merchantId,
    String status,
    BigDecimal amount,
    String currency,
    long eventTime,
    String channel,
    BigDecimal discountAmount,
    int partition,
    long offset)
    implements TimedAmount {

  public static final String PLACED = "PLACED";

  public boolean isPlaced() {
    return PLACED.equals(status);
  }

  /** Accepted currencies never contain ':', so the key splits at the first one. */
  @Override
  public String windowKey() {
    return currency + ":" + merchantId;
  }
}
