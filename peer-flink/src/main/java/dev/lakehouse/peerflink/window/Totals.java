package dev.lakehouse.peerflink.window;

import dev.lakehouse.peerflink.model.TimedAmount;
import java.math.BigDecimal;

/** Running totals of one window: how many events, their summed amount, the latest event time. */
public record Totals(long count, BigDecimal amount, long maxEventTime) {
  public static Totals empty() {
    return new Totals(0, new BigDecimal("0.00"), Long.MIN_VALUE);
  }

  public Totals add(TimedAmount event) {
    return new Totals(count + 1, amount.add(event.amount()), Math.max(maxEventTime, event.eventTime()));
  }

  public Totals merge(Totals other) {
    return new Totals(count + other.count, amount.add(other.amount), Math.max(maxEventTime, other.maxEventTime));
  }
}
