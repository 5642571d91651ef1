package dev.lakehouse.conventions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine.TypeConversionException;

class DurationFormatTest {
  @ParameterizedTest(name = "\"{0}\" = {1}")
  @MethodSource("dev.lakehouse.conventions.DurationTable#valid")
  void readsTheTablesDurations(String text, Duration expected) {
    assertThat(DurationFormat.parse("window.grace", text)).isEqualTo(expected);
    assertThat(new DurationConverter().convert(text)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @MethodSource("dev.lakehouse.conventions.DurationTable#invalid")
  void refusesTheTablesNonDurationsNamingKeyAndValue(String text) {
    assertThatThrownBy(() -> DurationFormat.parse("window.grace", text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot use window.grace=" + text + ": expected a duration such as 500ms, 90s, 2m, 1h, 7d or PT2M");
    assertThatThrownBy(() -> new DurationConverter().convert(text))
        .isInstanceOf(TypeConversionException.class)
        .hasMessage("expected a duration such as 500ms, 90s, 2m, 1h, 7d or PT2M, not '" + text + "'");
  }

  @ParameterizedTest(name = "{0} ms = {1}")
  @CsvSource({"120000,2m", "90000,90s", "250,250ms", "0,0s", "86400000,1d", "7200000,2h", "5400000,90m"})
  void formatsInTheLargestWholeUnit(long millis, String text) {
    assertThat(DurationFormat.format(Duration.ofMillis(millis))).isEqualTo(text);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("dev.lakehouse.conventions.DurationTable#valid")
  void readsWhatItFormats(String text, Duration duration) {
    assertThat(DurationFormat.parse("key", DurationFormat.format(duration))).isEqualTo(duration);
  }
}
