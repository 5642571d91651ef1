package dev.lakehouse.streams.topology.input;

import dev.lakehouse.streams.topology.TopologySettings;
import dev.lakehouse.streams.topology.deadletters.ErrorClass;
import dev.lakehouse.streams.topology.deadletters.Violation;
import dev.lakehouse.streams.topology.state.StreamTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Which event times an input accepts. Events (orders, payments) must lie between stream time minus
 * the horizon and the wall clock plus the future skew. Reference versions only have the future
 * bound, because a customer last changed a year ago is normal.
 */
public final class EventTimeRule {
  private final Duration maxFutureSkew;
  private final Duration horizon;

  private EventTimeRule(Duration maxFutureSkew, Duration horizon) {
    this.maxFutureSkew = maxFutureSkew;
    this.horizon = horizon;
  }

  public static EventTimeRule events(TopologySettings settings) {
    return new EventTimeRule(settings.maxFutureSkew(), settings.horizon());
  }

  public static EventTimeRule referenceVersions(TopologySettings settings) {
    return new EventTimeRule(settings.maxFutureSkew(), null);
  }

  Optional<Violation> check(String field, long eventTime, long wallClock, long streamTime) {
    if (eventTime < 0) {
      // Kafka record timestamps cannot be negative, and all downstream time is the record timestamp
      return Optional.of(Violation.of(ErrorClass.EVENT_TIME_OUT_OF_RANGE, field + " " + Instant.ofEpochMilli(eventTime)
          + " is before 1970-01-01T00:00:00Z: check the producer's clock and time unit"));
    }
    if (eventTime > wallClock + maxFutureSkew.toMillis()) {
      return Optional.of(Violation.of(ErrorClass.EVENT_TIME_OUT_OF_RANGE, field + " " + Instant.ofEpochMilli(eventTime)
          + " is more than " + maxFutureSkew + " ahead of the wall clock " + Instant.ofEpochMilli(wallClock)
          + ": check the producer's clock"));
    }
    if (horizon != null && streamTime != StreamTime.NONE && eventTime < streamTime - horizon.toMillis()) {
      return Optional.of(Violation.of(ErrorClass.EVENT_TIME_OUT_OF_RANGE, field + " " + Instant.ofEpochMilli(eventTime)
          + " is more than " + horizon + " behind stream time " + Instant.ofEpochMilli(streamTime)
          + " (the highest event time accepted on this partition): replay it into a backfill instead"));
    }
    return Optional.empty();
  }
}
