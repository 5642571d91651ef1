package dev.lakehouse.peerflink.join;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which order ids have something due when, on one clock: hints, not the truth (the order id's
 * state decides what is due). Derived data, in memory: rebuilt from the state when a subtask
 * starts.
 */
final class DueIndex {
  private record Hint(long time, String orderId) implements Comparable<Hint> {
    @Override
    public int compareTo(Hint other) {
      int byTime = Long.compare(time, other.time);
      return byTime != 0 ? byTime : orderId.compareTo(other.orderId);
    }
  }

  private final TreeSet<Hint> hints = new TreeSet<>();

  void add(long time, String orderId) {
    hints.add(new Hint(time, orderId));
  }

  void remove(long time, String orderId) {
    hints.remove(new Hint(time, orderId));
  }

  /** Removes and returns the order ids with a hint before {@code time}, soonest first, each once. */
  Set<String> takeBefore(long time) {
    Set<String> due = new LinkedHashSet<>();
    while (!hints.isEmpty() && hints.first().time() < time) {
      due.add(hints.pollFirst().orderId());
    }
    return due;
  }
}
