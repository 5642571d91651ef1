package dev.lakehouse.streams.runtime;

/** The app cannot start because of its surroundings (Kafka unreachable, topics missing). */
public class StartupException extends RuntimeException {
  public StartupException(String message) {
    super(message);
  }

  public StartupException(String message, Throwable cause) {
    super(message, cause);
  }
}
