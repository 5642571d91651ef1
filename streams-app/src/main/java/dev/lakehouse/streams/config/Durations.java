package dev.lakehouse.streams.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;

/** Durations in config values: {@code 500ms}, {@code 90s}, {@code 2m}, {@code 1h}, {@code 7d} or ISO-8601 ({@code PT2M}). */
public final class Durations {
  private static final Pattern SHORT_FORM = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");

  private Durations() {}

  public static Duration parse(String key, String text) {
    String value = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    Matcher matcher = SHORT_FORM.matcher(value);
    try {
      if (matcher.matches()) {
        long amount = Long.parseLong(matcher.group(1));
        return switch (matcher.group(2)) {
          case "ms" -> Duration.ofMillis(amount);
          case "s" -> Duration.ofSeconds(amount);
          case "m" -> Duration.ofMinutes(amount);
          case "h" -> Duration.ofHours(amount);
          default -> Duration.ofDays(amount);
        };
      }
      if (value.startsWith("p")) {
        Duration duration = Duration.parse(value.toUpperCase(Locale.ROOT));
        if (!duration.isNegative()) {
          return duration;
        }
      }
    } catch (DateTimeParseException | ArithmeticException | NumberFormatException e) {
      // falls through to the message below, which says what is accepted
    }
    throw new ConfigException(
        "Cannot use " + key + "=" + text + ": expected a duration such as 500ms, 90s, 2m, 1h, 7d or PT2M");
  }

  /** The short form of a duration, as the defaults are printed: {@code 2m}, {@code 90s}, {@code 250ms}. */
  public static String format(Duration duration) {
    long millis = duration.toMillis();
    if (millis % 86_400_000L == 0 && millis > 0) {
      return millis / 86_400_000L + "d";
    }
    if (millis % 3_600_000L == 0 && millis > 0) {
      return millis / 3_600_000L + "h";
    }
    if (millis % 60_000L == 0 && millis > 0) {
      return millis / 60_000L + "m";
    }
    if (millis % 1_000L == 0) {
      return millis / 1_000L + "s";
    }
    return millis + "ms";
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
        return "a duration (500ms, 90s, 2m, 1h, 7d, PT2M) of at least " + format(minimum);
      }
    };
  }
}
