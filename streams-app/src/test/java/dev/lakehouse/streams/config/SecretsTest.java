package dev.lakehouse.streams.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class SecretsTest {
  @ParameterizedTest
  @ValueSource(strings = {"kafka.sasl.jaas.config", "kafka.ssl.keystore.password", "kafka.ssl.key.password",
      "streams.producer.ssl.truststore.password", "schema.registry.basic.auth.user.info", "kafka.ssl.keystore.key",
      "KAFKA.SSL.KEY.PASSWORD"})
  void hidesCredentialKeys(String key) {
    assertThat(Secrets.mask(key, "s3cr3t")).isEqualTo("[hidden]");
  }

  @ParameterizedTest
  @ValueSource(strings = {"kafka.bootstrap.servers", "kafka.sasl.mechanism", "kafka.ssl.keystore.location",
      "schema.registry.basic.auth.credentials.source", "window.grace"})
  void showsOrdinaryKeys(String key) {
    assertThat(Secrets.mask(key, "USER_INFO")).isEqualTo("USER_INFO");
  }

  @Test
  void hidesPasswordsInsideUrls() {
    assertThat(Secrets.mask("schema.registry.url", "https://alice:pw@registry:8081,https://bob:pw2@r2:8081"))
        .isEqualTo("https://alice:[hidden]@registry:8081,https://bob:[hidden]@r2:8081");
  }

  @Test
  void masksAWholeMapSortedByKey() {
    assertThat(Secrets.masked(Map.of("b.password", "x", "a", "1")))
        .containsExactly(Map.entry("a", "1"), Map.entry("b.password", "[hidden]"));
  }
}
