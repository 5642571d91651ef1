package dev.lakehouse.e2e.oracle;

import java.time.Duration;

/**
 * The Streams app settings the oracle's rules depend on (TOPOLOGY.md "Settings").
 *
 * @param windowGrace window.grace: windows and the payment join
 * @param joinWindow payment-join.window
 * @param maxFutureSkew event-time.max-future-skew: how far ahead of the wall clock an event may be
 * @param maxInputSkew payment-join.max-input-skew: how far the orders and the payments of a partition
 *     may run apart before the one ahead resolves the join alone
 */
public record AppSettings(Duration windowGrace, Duration joinWindow, Duration maxFutureSkew, Duration maxInputSkew) {
  /** The app's defaults for the input skew. */
  public AppSettings(Duration windowGrace, Duration joinWindow, Duration maxFutureSkew) {
    this(windowGrace, joinWindow, maxFutureSkew, Duration.ofMinutes(10));
  }
}
