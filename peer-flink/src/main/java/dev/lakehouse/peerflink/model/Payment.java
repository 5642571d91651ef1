package dev.lakehouse.peerflink.model;

import java.math.BigDecimal;

/** A valid payment attempt and the partition and offset of {@code payments} it was read from. */
public record Payment(
    String eventId,
    String paymentId,
    String orderId,
    BigDecimal amount,
    String outcome,
    long eventTime,
    int partition,
    long offset)
    implements TimedAmount {

  public static final String SUCCEEDED = "SUCCEEDED";

  public boolean succeeded() {
    return SUCCEEDED.equals(outcome);
  }

  @Override
  public String windowKey() {
    return outcome;
  }
}
