package dev.lakehouse.streams.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvironmentOverridesTest {
  private final EnvironmentOverrides overrides =
      new EnvironmentOverrides(List.of("window.grace", "http.bind-address", "startup.topic-check.enabled"));

  @Test
  void mapsDeclaredKeysWithDotsAndDashes() {
    assertThat(overrides.overrides(Map.of(
        "LAKEHOUSE_STREAMS_WINDOW_GRACE", "5m",
        "LAKEHOUSE_STREAMS_HTTP_BIND_ADDRESS", "127.0.0.1",
        "LAKEHOUSE_STREAMS_STARTUP_TOPIC_CHECK_ENABLED", "false")))
        .containsExactly(
            Map.entry("http.bind-address", "127.0.0.1"),
            Map.entry("startup.topic-check.enabled", "false"),
            Map.entry("window.grace", "5m"));
  }

  @Test
  void mapsOtherVariablesToDottedKafkaKeys() {
    assertThat(overrides.overrides(Map.of("LAKEHOUSE_STREAMS_KAFKA_SASL_JAAS_CONFIG", "x",
        "LAKEHOUSE_STREAMS_STREAMS_PRODUCER_LINGER_MS", "20")))
        .containsExactly(Map.entry("kafka.sasl.jaas.config", "x"), Map.entry("streams.producer.linger.ms", "20"));
  }

  @Test
  void theSharedInstanceVariableSetsTheInstanceIdUnlessTheAppsOwnVariableDoes() {
    EnvironmentOverrides declared = new EnvironmentOverrides(List.of(AppConfig.INSTANCE_ID));

    assertThat(declared.overrides(Map.of("LAKEHOUSE_INSTANCE_ID", "lakehouse-streams-1")))
        .containsExactly(Map.entry("instance.id", "lakehouse-streams-1"));
    assertThat(declared.overrides(Map.of("LAKEHOUSE_INSTANCE_ID", "pod-1", "LAKEHOUSE_STREAMS_INSTANCE_ID", "own-1")))
        .containsExactly(Map.entry("instance.id", "own-1"));
  }

  @Test
  void ignoresOtherVariables() {
    assertThat(overrides.overrides(Map.of("PATH", "/bin", "LAKEHOUSE_STREAMS_", "x", "LAKEHOUSE_OTHER_X", "y")))
        .isEmpty();
  }

  @Test
  void namesTheVariableOfAKey() {
    assertThat(EnvironmentOverrides.variableOf("startup.topic-check.timeout"))
        .isEqualTo("LAKEHOUSE_STREAMS_STARTUP_TOPIC_CHECK_TIMEOUT");
  }
}
