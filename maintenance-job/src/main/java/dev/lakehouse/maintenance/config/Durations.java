package dev.lakehouse.maintenance.config;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses durations written as {@code 500ms}, {@code 30s}, {@code 10m}, {@code 6h}, {@code 3d} or ISO-8601. */
public final class Durations {
  private static final Pattern SHORT = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)");

  private Durations() {}

  public static Duration parse(String key, String value) {
    String text = value.trim().toLowerCase(Locale.ROOT);
    Matcher matcher = SHORT.matcher(text);
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
    try {
      return Duration.parse(value.trim());
    } catch (RuntimeException e) {
      throw new ConfigException(String.format(
          "Cannot read '%s': '%s' is not a duration (write e.g. 500ms, 30s, 10m, 6h, 3d)", key, value));
    }
  }

  /** Renders a duration in the short form accepted by {@link #parse}. */
  public static String format(Duration duration) {
    long ms = duration.toMillis();
    if (ms % 86_400_000L == 0 && ms > 0) {
      return ms / 86_400_000L + "d";
    } else if (ms % 3_600_000L == 0 && ms > 0) {
      return ms / 3_600_000L + "h";
    } else if (ms % 60_000L == 0 && ms > 0) {
      return ms / 60_000L + "m";
    } else if (ms % 1000L == 0) {
      return ms / 1000L + "s";
    }
    return ms + "ms";
  }
}
