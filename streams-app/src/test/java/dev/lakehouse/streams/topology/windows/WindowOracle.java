package dev.lakehouse.streams.topology.windows;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The expected windowed totals computed straight from the definition, independently of the
 * topology: events in arrival order, stream time = highest event time so far, an event is late
 * when floor(time / 1 min) * 1 min + 1 min + grace <= stream time, on-time events are summed per
 * (window start, group key), and a window is final once its end + grace <= the last stream time.
 */
final class WindowOracle {
  static final long MINUTE = 60_000L;

  record Event(String id, String groupKey, long time, BigDecimal amount) {}

  record WindowKey(long windowStart, String groupKey) {}

  record Totals(long count, BigDecimal amount, long maxEventTime) {}

  final Map<WindowKey, Totals> closedWindows = new HashMap<>();
  final Map<String, Long> latenessById = new HashMap<>();
  /** On-time events that arrived after a later event: proves the input was out of order. */
  int outOfOrderOnTime;

  WindowOracle(List<Event> arrivals, long graceMs) {
    long streamTime = Long.MIN_VALUE;
    Map<WindowKey, Totals> open = new HashMap<>();
    for (Event event : arrivals) {
      boolean outOfOrder = event.time() < streamTime;
      streamTime = Math.max(streamTime, event.time());
      long windowStart = Math.floorDiv(event.time(), MINUTE) * MINUTE;
      long closesAt = windowStart + MINUTE + graceMs;
      if (closesAt <= streamTime) {
        latenessById.put(event.id(), streamTime - closesAt);
        continue;
      }
      if (outOfOrder) {
        outOfOrderOnTime++;
      }
      open.merge(new WindowKey(windowStart, event.groupKey()), new Totals(1, event.amount(), event.time()),
          (a, b) -> new Totals(a.count() + b.count(), a.amount().add(b.amount()),
              Math.max(a.maxEventTime(), b.maxEventTime())));
    }
    for (Map.Entry<WindowKey, Totals> window : open.entrySet()) {
      if (window.getKey().windowStart() + MINUTE + graceMs <= streamTime) {
        closedWindows.put(window.getKey(), window.getValue());
      }
    }
  }
}
