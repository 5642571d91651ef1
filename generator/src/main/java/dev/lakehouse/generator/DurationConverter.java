package dev.lakehouse.generator;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads durations as {@code 500ms}, {@code 20s}, {@code 2m}, {@code 1h} or ISO-8601 ({@code PT2M}). */
final class DurationConverter implements ITypeConverter<Duration> {
  private static final Pattern SHORT = Pattern.compile("(\\d+)(ms|s|m|h)");

  @Override
  public Duration convert(String value) {
    Matcher m = SHORT.matcher(value.trim());
    if (m.matches()) {
      long n = Long.parseLong(m.group(1));
      return switch (m.group(2)) {
        case "ms" -> Duration.ofMillis(n);
        case "s" -> Duration.ofSeconds(n);
        case "m" -> Duration.ofMinutes(n);
        default -> Duration.ofHours(n);
      };
    }
    try {
      return Duration.parse(value.trim());
    } catch (RuntimeException e) {
      throw new TypeConversionException("Cannot read duration '" + value + "': use e.g. 500ms, 20s, 2m, 1h or PT2M");
    }
  }
}
