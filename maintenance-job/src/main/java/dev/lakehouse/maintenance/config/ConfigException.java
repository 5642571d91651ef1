package dev.lakehouse.maintenance.config;

/** A configuration that cannot be used; the message names the key, the value and the fix. */
public class ConfigException extends RuntimeException {
  public ConfigException(String message) {
    super(message);
  }

  public ConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
