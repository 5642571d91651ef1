package dev.lakehouse.connect.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Resolves Connect config-provider references ({@code ${env:NAME}}, {@code ${file:/path:key}}) the
 * way the worker's EnvVarConfigProvider and FileConfigProvider do, so that the CLI can open the
 * same catalog as the connector. Resolved values stay in memory and are never printed.
 */
public final class ConfigProviders {
  // the same shape as Kafka's ConfigTransformer: ${provider:[path:]key}
  private static final Pattern REFERENCE = Pattern.compile("\\$\\{([^}]*?):(([^}]*?):)?([^}]*?)}");

  private final Function<String, String> environment;

  public ConfigProviders(Function<String, String> environment) {
    this.environment = environment;
  }

  public static ConfigProviders system() {
    return new ConfigProviders(System::getenv);
  }

  public Map<String, String> resolve(Map<String, String> config) {
    Map<String, String> resolved = new LinkedHashMap<>();
    config.forEach((key, value) -> resolved.put(key, resolve(key, value)));
    return resolved;
  }

  private String resolve(String key, String value) {
    Matcher matcher = REFERENCE.matcher(value);
    StringBuilder out = new StringBuilder();
    while (matcher.find()) {
      String provider = matcher.group(1);
      String path = matcher.group(3);
      String name = matcher.group(4);
      matcher.appendReplacement(out, Matcher.quoteReplacement(lookup(key, provider, path, name)));
    }
    matcher.appendTail(out);
    return out.toString();
  }

  private String lookup(String key, String provider, String path, String name) {
    switch (provider) {
      case "env": {
        String value = environment.apply(name);
        if (value == null) {
          throw new ConfigException("Cannot resolve " + key + ": environment variable " + name
              + " is not set (the worker needs it too)");
        }
        return value;
      }
      case "file": {
        if (path == null) {
          throw new ConfigException("Cannot resolve " + key + ": a file reference needs ${file:<path>:<key>}");
        }
        String value = readProperties(key, Path.of(path)).getProperty(name);
        if (value == null) {
          throw new ConfigException("Cannot resolve " + key + ": " + path + " has no key '" + name + "'");
        }
        return value;
      }
      default:
        throw new ConfigException("Cannot resolve " + key + ": unknown config provider '" + provider
            + "'; this CLI resolves env and file (the providers the worker properties enable)");
    }
  }

  private static Properties readProperties(String key, Path file) {
    Properties props = new Properties();
    try (Reader reader = Files.newBufferedReader(file)) {
      props.load(reader);
    } catch (IOException e) {
      throw new ConfigException("Cannot resolve " + key + ": cannot read " + file + " (" + e.getMessage() + ")", e);
    }
    return props;
  }
}
