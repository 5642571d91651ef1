package dev.lakehouse.peerflink.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;

/** Durations written as the Streams app's settings are: {@code 500ms}, {@code 90s}, {@code 2m}, {@code 1h}, {@code 7d}, {@code PT2M}. */
final class DurationText {
  private static final Map<String, Long> MILLIS_PER_UNIT =
      Map.of("ms", 1L, "s", 1_000L, "m", 60_000L, "h", 3_600_000L, "d", 86_400_000L);

  private DurationText() {}

  static Duration parse(String key, String text) {
    String value = text.trim().toLowerCase(Locale.ROOT);
    try {
      if (value.startsWith("p")) {
        return nonNegative(Duration.parse(value.toUpperCase(Locale.ROOT)), key, text);
      }
      int unitAt = 0;
      while (unitAt < value.length() && Character.isDigit(value.charAt(unitAt))) {
        unitAt++;
      }
      Long unit = MILLIS_PER_UNIT.get(value.substring(unitAt));
      if (unitAt > 0 && unit != null) {
        return Duration.ofMillis(Math.multiplyExact(Long.parseLong(value.substring(0, unitAt)), unit));
      }
    } catch (DateTimeParseException | ArithmeticException | NumberFormatException e) {
      // the message below says what is accepted
    }
    throw new ConfigException("Cannot use " + key + "=" + text
        + ": write a duration as a number with ms, s, m, h or d (90s, 2m) or in ISO-8601 (PT2M)");
  }

  /** A ConfigDef validator that accepts what {@link #parse} accepts. */
  static ConfigDef.Validator validator() {
    return (key, value) -> parse(key, String.valueOf(value));
  }

  private static Duration nonNegative(Duration duration, String key, String text) {
    if (duration.isNegative()) {
      throw new ConfigException("Cannot use " + key + "=" + text + ": a duration must not be negative");
    }
    return duration;
  }
}
