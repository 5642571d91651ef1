package dev.lakehouse.generator;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * A Kafka client properties file (security.protocol, sasl.*, ssl.*, and config.providers for
 * {@code ${env:NAME}} references, which the Kafka clients resolve themselves), as for Kafka's own
 * {@code --command-config}. Its values are never printed.
 */
final class ClientConfigFile {
  private ClientConfigFile() {}

  static Map<String, String> read(Path file) {
    if (file == null) {
      return Map.of();
    }
    Properties props = new Properties();
    try (Reader reader = Files.newBufferedReader(file)) {
      props.load(reader);
    } catch (IOException e) {
      throw new IllegalArgumentException("Cannot read the Kafka client config " + file + ": " + e.getMessage()
          + " (give a readable properties file to --client-config)", e);
    }
    Map<String, String> settings = new TreeMap<>();
    props.stringPropertyNames().forEach(key -> settings.put(key.trim(), props.getProperty(key).trim()));
    return settings;
  }
}
