package dev.lakehouse.streams.config;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Hides secret values before a configuration is printed or logged. */
public final class Secrets {
  public static final String HIDDEN = "[hidden]";

  // key endings that hold credentials in Kafka, SASL, SSL and schema registry settings
  private static final List<String> SECRET_KEY_ENDINGS =
      List.of("password", "sasl.jaas.config", "user.info", "secret", "ssl.keystore.key", "secret.key", "api.key");

  private Secrets() {}

  public static boolean isSecret(String key) {
    String lower = key.toLowerCase(Locale.ROOT);
    return SECRET_KEY_ENDINGS.stream().anyMatch(lower::endsWith);
  }

  /** The value to show for a key: {@link #HIDDEN} for secrets, URLs without their password. */
  public static String mask(String key, Object value) {
    if (value == null) {
      return "";
    }
    if (isSecret(key)) {
      return HIDDEN;
    }
    return String.valueOf(value).replaceAll("(://[^/:@,]*):[^/@,]*@", "$1:" + HIDDEN + "@");
  }

  /** A sorted copy of the settings with every secret masked. */
  public static Map<String, String> masked(Map<String, ?> settings) {
    Map<String, String> masked = new TreeMap<>();
    settings.forEach((key, value) -> masked.put(key, mask(key, value)));
    return masked;
  }
}
