package dev.lakehouse.conventions;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The project's duration format as a table: every module that reads a duration runs its own entry
 * point (config class, command-line option) over it, so one format holds wherever a duration is read.
 * Use with {@code @MethodSource("dev.lakehouse.conventions.DurationTable#valid")} and {@code #invalid}.
 */
public final class DurationTable {
  private static final List<Arguments> VALID = List.of(
      valid("500ms", Duration.ofMillis(500)),
      valid("90s", Duration.ofSeconds(90)),
      valid("2m", Duration.ofMinutes(2)),
      valid("1h", Duration.ofHours(1)),
      valid("7d", Duration.ofDays(7)),
      valid("0s", Duration.ZERO),
      valid("0ms", Duration.ZERO),
      valid(" 3 m ", Duration.ofMinutes(3)),
      valid("30S", Duration.ofSeconds(30)),
      valid("PT2M", Duration.ofMinutes(2)),
      valid("pt30s", Duration.ofSeconds(30)),
      valid("PT1H30M", Duration.ofMinutes(90)),
      valid("P1D", Duration.ofDays(1)),
      valid("PT0S", Duration.ZERO));

  private static final List<String> INVALID = List.of(
      "", " ", "2", "ms", "two minutes", "2 weeks", "1.5h", "1h30m", "5x", "-5s", "PT-1M", "P", "99999999999999999999d");

  private DurationTable() {}

  private static Arguments valid(String text, Duration duration) {
    return Arguments.of(text, duration);
  }

  /** Text and the duration it stands for. */
  public static Stream<Arguments> valid() {
    return VALID.stream();
  }

  /** Text that is not a duration. */
  public static Stream<String> invalid() {
    return INVALID.stream();
  }

  /** The valid rows whose duration is at least {@code minimum}: for settings with a floor of their own. */
  public static Stream<Arguments> validFrom(Duration minimum) {
    return VALID.stream().filter(row -> ((Duration) row.get()[1]).compareTo(minimum) >= 0);
  }
}
