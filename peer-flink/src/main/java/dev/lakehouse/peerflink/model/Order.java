package dev.lakehouse.peerflink.model;

import java.math.BigDecimal;

/** A valid order event and the partition and offset of {@code orders} it was read from. */
public record Order(
    String eventId,
    String orderId,
    String customerId,
    String merchantId,
    String status,
    BigDecimal amount,
    String currency,
    long eventTime,
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
