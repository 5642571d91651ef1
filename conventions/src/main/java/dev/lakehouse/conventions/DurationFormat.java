package dev.lakehouse.conventions;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one way every setting and option of the project writes a duration: a whole number and a unit
 * ({@code 500ms}, {@code 90s}, {@code 2m}, {@code 1h}, {@code 7d}; space and case do not matter) or
 * ISO-8601 ({@code PT2M}, {@code P1D}). Never negative; what is too short for a setting is that
 * setting's own rule.
 */
public final class DurationFormat {
  /** What the format accepts, in every message that refuses a value. */
  public static final String EXPECTED = "a duration such as 500ms, 90s, 2m, 1h, 7d or PT2M";

  private static final Pattern SHORT_FORM = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");

  private DurationFormat() {}

  /** @throws IllegalArgumentException "Cannot use {@code key}={@code text}: expected ..." */
  public static Duration parse(String key, String text) {
    Duration duration = read(text);
    if (duration == null) {
      throw new IllegalArgumentException("Cannot use " + key + "=" + text + ": expected " + EXPECTED);
    }
    return duration;
  }

  /** The duration, or null when {@code text} is not one. */
  static Duration read(String text) {
    String value = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    try {
      Matcher matcher = SHORT_FORM.matcher(value);
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
        return duration.isNegative() ? null : duration;
      }
    } catch (DateTimeParseException | ArithmeticException | NumberFormatException e) {
      // too large or malformed: not a duration of this format
    }
    return null;
  }

  /** The short form in the largest whole unit, as defaults and messages print a duration: {@code 2m}, {@code 250ms}. */
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
}
