package dev.lakehouse.connect.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SinkKafkaSettingsTest {
  @Test
  void addsEachSettingUnderTheSinksKafkaPrefix() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("security.protocol", "SASL_SSL");
    settings.put("sasl.jaas.config", "${file:/etc/lakehouse/kafka.properties:sasl.jaas.config}");
    settings.put("iceberg.kafka.ssl.truststore.password", "${env:TRUSTSTORE_PASSWORD}");

    Map<String, String> config = SinkKafkaSettings.addTo(Map.of("iceberg.kafka.bootstrap.servers", "b:9096"), settings);

    assertThat(config).containsOnly(
        Map.entry("iceberg.kafka.bootstrap.servers", "b:9096"),
        Map.entry("iceberg.kafka.security.protocol", "SASL_SSL"),
        Map.entry("iceberg.kafka.sasl.jaas.config", "${file:/etc/lakehouse/kafka.properties:sasl.jaas.config}"),
        Map.entry("iceberg.kafka.ssl.truststore.password", "${env:TRUSTSTORE_PASSWORD}"));
  }

  @Test
  void refusesASecretGivenInClear() {
    assertThatThrownBy(() -> SinkKafkaSettings.addTo(Map.of(), Map.of("ssl.truststore.password", "changeit")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use the Kafka setting ssl.truststore.password of the sink: it is a secret given in clear; "
            + "give it as ${file:<path>:<key>} or ${env:NAME}, which the worker resolves "
            + "(its config.providers enable file and env)");
  }

  @Test
  void refusesAJaasConfigWithAPasswordButTakesOneWithoutCredentials() {
    assertThatThrownBy(() -> SinkKafkaSettings.addTo(Map.of(), Map.of("sasl.jaas.config",
        "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"connect\" password=\"pw\";")))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("Cannot use the Kafka setting sasl.jaas.config of the sink: it is a secret given in clear");

    String iam = "software.amazon.msk.auth.iam.IAMLoginModule required;";
    assertThat(SinkKafkaSettings.addTo(Map.of(), Map.of("sasl.jaas.config", iam)))
        .containsEntry("iceberg.kafka.sasl.jaas.config", iam);
  }
}
