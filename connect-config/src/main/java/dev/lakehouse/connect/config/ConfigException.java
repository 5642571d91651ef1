package dev.lakehouse.connect.config;

/** A connector config that cannot be built or used; the message names the key and what to do. */
public class ConfigException extends RuntimeException {
  public ConfigException(String message) {
    super(message);
  }

  public ConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
