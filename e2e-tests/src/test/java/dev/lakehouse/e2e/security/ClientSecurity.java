package dev.lakehouse.e2e.security;

import dev.lakehouse.testkit.EmbeddedKafka;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Kafka client settings of a SASL_SSL (SCRAM-SHA-512) client, as a user writes them; the two
 * secrets are whatever the component's mechanism takes: the values, or references to them.
 */
record ClientSecurity(Path truststore, String saslJaasConfig, String truststorePassword) {
  static String jaasConfig(String user, String password) {
    return "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"" + user
        + "\" password=\"" + password + "\";";
  }

  /** Every setting, the secrets included. */
  Map<String, String> settings() {
    Map<String, String> settings = new LinkedHashMap<>(publicSettings());
    settings.put("sasl.jaas.config", saslJaasConfig);
    settings.put("ssl.truststore.password", truststorePassword);
    return settings;
  }

  /** The settings that are no secret. */
  Map<String, String> publicSettings() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("security.protocol", "SASL_SSL");
    settings.put("sasl.mechanism", EmbeddedKafka.SCRAM_MECHANISM);
    settings.put("ssl.truststore.type", "PKCS12");
    settings.put("ssl.truststore.location", truststore.toAbsolutePath().toString());
    return settings;
  }
}
