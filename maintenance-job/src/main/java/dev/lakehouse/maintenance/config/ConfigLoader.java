package dev.lakehouse.maintenance.config;

import dev.lakehouse.conventions.EnvironmentNames;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Reads the YAML config file, rejects unknown keys, then applies environment overrides: every
 * key {@code a.b-c} can be overridden by {@code MAINTENANCE_A_B_C}, and a catalog property
 * {@code s3.endpoint} by {@code MAINTENANCE_CATALOG_PROPERTIES_S3_ENDPOINT}.
 */
public final class ConfigLoader {
  public static final String ENV_PREFIX = "MAINTENANCE_";
  /** Catalog properties that can come from the environment even when the file does not name them. */
  static final List<String> WELL_KNOWN_CATALOG_PROPERTIES = List.of(
      "type", "catalog-impl", "uri", "warehouse", "io-impl", "jdbc.user", "jdbc.password",
      "s3.endpoint", "s3.access-key-id", "s3.secret-access-key", "s3.path-style-access",
      "client.region", "glue.id", "glue.endpoint");

  private ConfigLoader() {}

  public static MaintenanceConfig load(Path file, Map<String, String> env) {
    Object root;
    try (Reader reader = Files.newBufferedReader(file)) {
      root = new Yaml(new SafeConstructor(new LoaderOptions())).load(reader);
    } catch (IOException e) {
      throw new ConfigException("Cannot read config file " + file + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      throw new ConfigException("Cannot parse config file " + file + " as YAML: " + e.getMessage(), e);
    }
    if (root == null) {
      root = Map.of();
    }
    if (!(root instanceof Map<?, ?> map)) {
      throw new ConfigException("Cannot read config file " + file + ": the top level must be a mapping of keys");
    }
    return fromMap(map, env, file.toString());
  }

  static MaintenanceConfig fromMap(Map<?, ?> root, Map<String, String> env, String source) {
    Map<String, String> global = new HashMap<>();
    Map<String, String> catalog = new LinkedHashMap<>();
    Map<String, String> tasks = new HashMap<>();
    Map<String, Map<String, String>> overrides = new LinkedHashMap<>();
    List<String> unknown = new ArrayList<>();

    Map<String, String> flat = new LinkedHashMap<>();
    for (Map.Entry<?, ?> entry : root.entrySet()) {
      String key = String.valueOf(entry.getKey());
      if (key.equals("catalog") && entry.getValue() instanceof Map<?, ?> section) {
        for (Map.Entry<?, ?> e : section.entrySet()) {
          if (String.valueOf(e.getKey()).equals("properties") && e.getValue() instanceof Map<?, ?> props) {
            props.forEach((k, v) -> catalog.put(String.valueOf(k), scalar(v)));
          } else {
            flatten("catalog." + e.getKey(), e.getValue(), flat);
          }
        }
      } else if (key.equals(MaintenanceConfig.TABLE_OVERRIDES) && entry.getValue() instanceof Map<?, ?> tables) {
        tables.forEach((table, value) -> {
          Map<String, String> tableFlat = new LinkedHashMap<>();
          flatten("", value, tableFlat);
          tableFlat.keySet().stream().filter(k -> !TaskSettings.KEYS.containsKey(k))
              .forEach(k -> unknown.add(MaintenanceConfig.TABLE_OVERRIDES + "." + table + "." + k));
          overrides.put(String.valueOf(table), tableFlat);
        });
      } else {
        flatten(key, entry.getValue(), flat);
      }
    }
    flat.forEach((key, value) -> {
      if (MaintenanceConfig.KEYS.containsKey(key)) {
        global.put(key, value);
      } else if (TaskSettings.KEYS.containsKey(key)) {
        tasks.put(key, value);
      } else {
        unknown.add(key);
      }
    });
    if (!unknown.isEmpty()) {
      Set<String> known = new TreeSet<>(MaintenanceConfig.KEYS.keySet());
      known.addAll(TaskSettings.KEYS.keySet());
      known.add("catalog.properties.*");
      known.add(MaintenanceConfig.TABLE_OVERRIDES + ".<namespace.table>.<task key>");
      throw new ConfigException(String.format("Cannot load config %s: unknown key%s %s (known keys: %s)",
          source, unknown.size() > 1 ? "s" : "", String.join(", ", unknown), String.join(", ", known)));
    }

    applyEnv(MaintenanceConfig.KEYS.keySet(), global, env);
    applyEnv(TaskSettings.KEYS.keySet(), tasks, env);
    Set<String> catalogKeys = new TreeSet<>(WELL_KNOWN_CATALOG_PROPERTIES);
    catalogKeys.addAll(catalog.keySet());
    for (String property : catalogKeys) {
      String value = env.get(envName(MaintenanceConfig.CATALOG_PROPERTIES_PREFIX + property));
      if (value != null) {
        catalog.put(property, value);
      }
    }
    return new MaintenanceConfig(global, catalog, tasks, overrides);
  }

  public static String envName(String key) {
    return EnvironmentNames.variable(ENV_PREFIX, key);
  }

  private static void applyEnv(Set<String> keys, Map<String, String> target, Map<String, String> env) {
    for (String key : keys) {
      String value = env.get(envName(key));
      if (value != null) {
        target.put(key, value);
      }
    }
  }

  private static void flatten(String prefix, Object value, Map<String, String> out) {
    if (value instanceof Map<?, ?> map) {
      map.forEach((k, v) -> flatten(prefix.isEmpty() ? String.valueOf(k) : prefix + "." + k, v, out));
    } else {
      out.put(prefix, scalar(value));
    }
  }

  private static String scalar(Object value) {
    if (value instanceof List<?> list) {
      return list.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
    return value == null ? "" : String.valueOf(value);
  }
}
