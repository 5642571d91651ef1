package dev.lakehouse.streams.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.conventions.DurationFormat;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {
  @ParameterizedTest(name = "\"{0}\" = {1}")
  @MethodSource("dev.lakehouse.conventions.DurationTable#valid")
  void aSettingReadsTheProjectsDurationFormat(String text, Duration expected) {
    assertThat(new AppConfig(Map.of(AppConfig.SHUTDOWN_TIMEOUT, text)).shutdownTimeout()).isEqualTo(expected);
    assertThat(Durations.parse(AppConfig.SHUTDOWN_TIMEOUT, text)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @MethodSource("dev.lakehouse.conventions.DurationTable#invalid")
  void aSettingRefusesWhatIsNotADurationNamingKeyAndValue(String text) {
    assertThatThrownBy(() -> new AppConfig(Map.of(AppConfig.SHUTDOWN_TIMEOUT, text)))
        .isInstanceOf(ConfigException.class)
        // Kafka's ConfigDef trims the value before it reaches the validator
        .hasMessage("Cannot use shutdown.timeout=" + text.trim() + ": expected " + DurationFormat.EXPECTED);
  }

  @ParameterizedTest
  @CsvSource({"500ms,500", "90s,90000", "2m,120000", "1h,3600000", "7d,604800000", "PT2M,120000", "pt30s,30000",
      "' 3 m ',180000"})
  void parsesShortAndIsoForms(String text, long millis) {
    assertThat(Durations.parse("window.grace", text)).isEqualTo(Duration.ofMillis(millis));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "2", "two minutes", "-5s", "PT-1M", "2 weeks"})
  void rejectsOtherTextNamingKeyAndValue(String text) {
    assertThatThrownBy(() -> Durations.parse("window.grace", text))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use window.grace=" + text
            + ": expected a duration such as 500ms, 90s, 2m, 1h, 7d or PT2M");
  }

  @ParameterizedTest
  @CsvSource({"120000,2m", "90000,90s", "250,250ms", "0,0s", "86400000,1d", "7200000,2h"})
  void formatsInTheLargestWholeUnit(long millis, String text) {
    assertThat(Durations.format(Duration.ofMillis(millis))).isEqualTo(text);
  }
}
