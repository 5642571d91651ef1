package dev.lakehouse.streams.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.kafka.common.config.ConfigException;

/**
 * Reads the settings: defaults, then the properties file (optional), then the
 * {@code LAKEHOUSE_STREAMS_*} environment variables, each overriding the one before.
 */
public final class ConfigLoader {
  private ConfigLoader() {}

  public static AppConfig load(Path file, Map<String, String> environment) {
    Map<String, String> settings = new TreeMap<>();
    if (file != null) {
      settings.putAll(readProperties(file));
    }
    settings.putAll(new EnvironmentOverrides(AppConfig.configDef().names()).overrides(environment));
    return new AppConfig(settings);
  }

  static Map<String, String> readProperties(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new ConfigException("Cannot read the config file " + file.toAbsolutePath() + ": no such file");
    }
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      properties.load(reader);
    } catch (IOException | IllegalArgumentException e) {
      throw new ConfigException("Cannot read the config file " + file.toAbsolutePath() + ": " + e.getMessage());
    }
    Map<String, String> settings = new TreeMap<>();
    properties.stringPropertyNames().forEach(key -> settings.put(key.trim(), properties.getProperty(key).trim()));
    return settings;
  }
}
