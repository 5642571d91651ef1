package dev.lakehouse.peerflink.model;

import java.math.BigDecimal;

/** An event that the 1-minute windows count: its amount at its event time. */
public interface TimedAmount {
  BigDecimal amount();

  long eventTime();

  /** The partition of its input topic it was read from. */
  int partition();

  /** The window key: {@code currency:merchant_id} for revenue, the outcome for payments. */
  String windowKey();
}
