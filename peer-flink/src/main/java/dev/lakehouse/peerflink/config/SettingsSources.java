package dev.lakehouse.peerflink.config;

import dev.lakehouse.conventions.EnvironmentNames;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.kafka.common.config.ConfigException;

/**
 * Where settings come from, each overriding the one before: the defaults, a properties file, and
 * environment variables {@code LAKEHOUSE_FLINK_<KEY>}. A declared key's variable is the key
 * upper-cased with {@code .} and {@code -} as {@code _}; any other variable names a pass-through
 * key in lower case with {@code _} as {@code .} ({@code LAKEHOUSE_FLINK_KAFKA_SASL_JAAS_CONFIG}).
 */
public final class SettingsSources {
  public static final String ENV_PREFIX = "LAKEHOUSE_FLINK_";

  private SettingsSources() {}

  public static PeerConfig load(Path file, Map<String, String> environment) {
    Map<String, String> settings = new TreeMap<>();
    if (file != null) {
      settings.putAll(read(file));
    }
    environment.forEach((variable, value) -> {
      if (variable.startsWith(ENV_PREFIX) && variable.length() > ENV_PREFIX.length()) {
        settings.put(keyOf(variable), value);
      }
    });
    return PeerConfig.of(settings);
  }

  private static String keyOf(String variable) {
    return PeerConfig.keys().stream().filter(key -> EnvironmentNames.variable(ENV_PREFIX, key).equals(variable)).findFirst()
        .orElseGet(() -> variable.substring(ENV_PREFIX.length()).toLowerCase(Locale.ROOT).replace('_', '.'));
  }

  private static Map<String, String> read(Path file) {
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(file)) {
      properties.load(reader);
    } catch (IOException e) {
      throw new ConfigException("Cannot read the settings file " + file + ": " + e.getMessage());
    }
    Map<String, String> settings = new TreeMap<>();
    properties.stringPropertyNames().forEach(key -> settings.put(key, properties.getProperty(key).trim()));
    return settings;
  }
}
