package dev.lakehouse.streams.config;

import dev.lakehouse.conventions.EnvironmentNames;
import java.util.Collection;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Maps environment variables {@code LAKEHOUSE_STREAMS_<KEY>} to config keys. A declared key's
 * variable is the key upper-cased with {@code .} and {@code -} turned into {@code _}
 * ({@code window.grace} is {@code LAKEHOUSE_STREAMS_WINDOW_GRACE}); any other variable maps to
 * its lower-cased name with {@code _} turned into {@code .}, which covers the pass-through Kafka
 * keys ({@code LAKEHOUSE_STREAMS_KAFKA_SASL_JAAS_CONFIG} is {@code kafka.sasl.jaas.config}).
 * {@code LAKEHOUSE_INSTANCE_ID} sets {@code instance.id} too.
 */
public final class EnvironmentOverrides {
  public static final String PREFIX = "LAKEHOUSE_STREAMS_";
  /**
   * Variables outside the prefix and the key each sets, below any {@code LAKEHOUSE_STREAMS_*}
   * variable: the instance's name is one variable for every component of a pod (the Helm chart sets
   * it from the pod's name).
   */
  static final Map<String, String> SHARED_VARIABLES = Map.of("LAKEHOUSE_INSTANCE_ID", AppConfig.INSTANCE_ID);

  private final Map<String, String> keysByVariable = new HashMap<>();

  public EnvironmentOverrides(Collection<String> declaredKeys) {
    declaredKeys.forEach(key -> keysByVariable.put(variableOf(key), key));
  }

  /** The environment variable that overrides a key. */
  public static String variableOf(String key) {
    return EnvironmentNames.variable(PREFIX, key);
  }

  /** The config keys set by the {@code LAKEHOUSE_STREAMS_*} (and shared) variables of an environment. */
  public Map<String, String> overrides(Map<String, String> environment) {
    Map<String, String> overrides = new TreeMap<>();
    SHARED_VARIABLES.forEach((variable, key) -> {
      if (environment.containsKey(variable)) {
        overrides.put(key, environment.get(variable));
      }
    });
    environment.forEach((variable, value) -> {
      if (variable.startsWith(PREFIX) && variable.length() > PREFIX.length()) {
        overrides.put(keyOf(variable), value);
      }
    });
    return overrides;
  }

  private String keyOf(String variable) {
    String key = keysByVariable.get(variable);
    if (key != null) {
      return key;
    }
    return variable.substring(PREFIX.length()).toLowerCase(Locale.ROOT).replace('_', '.');
  }
}
