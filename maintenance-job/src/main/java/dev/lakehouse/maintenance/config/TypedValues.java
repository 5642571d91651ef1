package dev.lakehouse.maintenance.config;

import dev.lakehouse.conventions.DurationFormat;
import java.time.Duration;
import java.util.Map;

/** Reads typed values from a flat key map, falling back to the defaults in a key table. */
final class TypedValues {
  private final Map<String, String> values;
  private final Map<String, String[]> keys;

  TypedValues(Map<String, String> values, Map<String, String[]> keys) {
    this.values = values;
    this.keys = keys;
  }

  String string(String key) {
    String value = values.get(key);
    return value != null ? value.trim() : keys.get(key)[0];
  }

  boolean bool(String key) {
    String value = string(key);
    if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
      throw new ConfigException(String.format("Cannot read '%s': '%s' is not true or false", key, value));
    }
    return Boolean.parseBoolean(value);
  }

  long positiveLong(String key) {
    long value = number(key);
    if (value <= 0) {
      throw new ConfigException(String.format("Cannot use '%s' = %s: it must be > 0", key, value));
    }
    return value;
  }

  int positiveInt(String key) {
    return (int) Math.min(Integer.MAX_VALUE, positiveLong(key));
  }

  int nonNegativeInt(String key) {
    long value = number(key);
    if (value < 0) {
      throw new ConfigException(String.format("Cannot use '%s' = %s: it must be >= 0", key, value));
    }
    return (int) Math.min(Integer.MAX_VALUE, value);
  }

  Duration duration(String key) {
    try {
      return DurationFormat.parse(key, string(key));
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
  }

  private long number(String key) {
    String value = string(key);
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new ConfigException(String.format("Cannot read '%s': '%s' is not a whole number", key, value));
    }
  }
}
