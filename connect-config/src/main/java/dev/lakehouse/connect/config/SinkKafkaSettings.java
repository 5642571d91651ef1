package dev.lakehouse.connect.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Settings of the sink's own Kafka clients (control topic producer, consumer and admin), added to a
 * connector config as {@code iceberg.kafka.<key>}: security.protocol, sasl.*, ssl.*. A secret must
 * be a config-provider reference that the worker resolves, so that it is never stored in the
 * connector config (which Connect keeps in its config topic and shows over REST).
 */
public final class SinkKafkaSettings {
  public static final String PREFIX = "iceberg.kafka.";
  private static final String JAAS_CONFIG = "sasl.jaas.config";
  private static final List<String> SECRET_KEY_ENDINGS = List.of("password", "secret", "key");
  // a JAAS option holding a credential (SCRAM/PLAIN password=, OAuth clientSecret=); IAM's has none
  private static final Pattern JAAS_CREDENTIAL = Pattern.compile("(?i)\\w*(password|secret|token)\\w*\\s*=");
  private static final Pattern REFERENCE = Pattern.compile("\\$\\{[^}:]+:[^}]+}");

  private SinkKafkaSettings() {}

  /** The config with every setting added under {@link #PREFIX}; fails on a secret given in clear. */
  public static Map<String, String> addTo(Map<String, String> config, Map<String, String> settings) {
    Map<String, String> merged = new LinkedHashMap<>(config);
    settings.forEach((key, value) -> {
      String name = key.startsWith(PREFIX) ? key.substring(PREFIX.length()) : key;
      if (isSecret(name, value) && !REFERENCE.matcher(value).find()) {
        throw new ConfigException("Cannot use the Kafka setting " + name + " of the sink: it is a secret given in "
            + "clear; give it as ${file:<path>:<key>} or ${env:NAME}, which the worker resolves "
            + "(its config.providers enable file and env)");
      }
      merged.put(PREFIX + name, value);
    });
    return merged;
  }

  static boolean isSecret(String key, String value) {
    String lower = key.toLowerCase(Locale.ROOT);
    if (lower.equals(JAAS_CONFIG)) {
      return JAAS_CREDENTIAL.matcher(value).find();
    }
    return SECRET_KEY_ENDINGS.stream().anyMatch(lower::endsWith);
  }
}
