package dev.lakehouse.generator;

/**
 * When each record of a paced send is due: record i at start + i / rate, and after a hold (the lag
 * gate waiting for the consumer) the schedule is caught up at most {@link #MAX_CATCH_UP} times the
 * rate, never in one burst. Why: records planned apart are meant to stay apart on the wire; a
 * reference version is planned well ahead of the orders it applies to (the reference lead), and a
 * burst would send both within milliseconds, so the Streams app could read the orders before its
 * global thread read the version.
 */
final class Pacer {
  static final double MAX_CATCH_UP = 2.0;

  private final long startNanos;
  private final double intervalNanos;
  // as if a record went out an interval before the start, so that the first one is due at the start
  private long lastSentNanos;

  Pacer(long startNanos, double ratePerSecond) {
    if (!(ratePerSecond > 0)) {
      throw new IllegalArgumentException("Cannot pace records at " + ratePerSecond + " per second: the rate must be > 0");
    }
    this.startNanos = startNanos;
    this.intervalNanos = 1e9 / ratePerSecond;
    this.lastSentNanos = startNanos - (long) intervalNanos;
  }

  /** How long to wait at {@code nowNanos} before sending record {@code index}; the record counts as sent then. */
  long waitNanos(int index, long nowNanos) {
    long due = Math.max(startNanos + (long) (index * intervalNanos), lastSentNanos + (long) (intervalNanos / MAX_CATCH_UP));
    long wait = Math.max(0, due - nowNanos);
    lastSentNanos = nowNanos + wait;
    return wait;
  }
}
