package dev.lakehouse.streams.config;

import dev.lakehouse.conventions.DurationFormat;
import java.time.Duration;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;

/** The project's {@link DurationFormat} for config values, refusing with Kafka's {@link ConfigException}. */
public final class Durations {
  private Durations() {}

  public static Duration parse(String key, String text) {
    try {
      return DurationFormat.parse(key, text);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
  }

  /** The short form of a duration, as the defaults are printed: {@code 2m}, {@code 90s}, {@code 250ms}. */
  public static String format(Duration duration) {
    return DurationFormat.format(duration);
  }

  /** Validates a STRING config value as a duration, optionally with a lower bound. */
  public static ConfigDef.Validator atLeast(Duration minimum) {
    return new ConfigDef.Validator() {
      @Override
      public void ensureValid(String name, Object value) {
        Duration duration = parse(name, (String) value);
        if (duration.compareTo(minimum) < 0) {
          throw new ConfigException(
              "Cannot use " + name + "=" + value + ": must be at least " + format(minimum));
        }
      }

      @Override
      public String toString() {
        return DurationFormat.EXPECTED + " of at least " + format(minimum);
      }
    };
  }
}
