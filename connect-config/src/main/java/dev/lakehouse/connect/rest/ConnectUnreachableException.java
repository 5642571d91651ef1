package dev.lakehouse.connect.rest;

/** No Kafka Connect worker answers at the URL. */
public class ConnectUnreachableException extends RuntimeException {
  public ConnectUnreachableException(String url, Throwable cause) {
    super("Cannot reach Kafka Connect at " + url + ": " + describe(cause) + "; is the worker running?", cause);
  }

  /** The exception's name and the first message in its cause chain (the JDK's ConnectException has none). */
  private static String describe(Throwable cause) {
    for (Throwable t = cause; t != null; t = t.getCause()) {
      if (t.getMessage() != null && !t.getMessage().isBlank()) {
        return cause.getClass().getSimpleName() + " (" + t.getMessage() + ")";
      }
    }
    return cause.getClass().getSimpleName() + " (no connection: nothing listens there, or it is unreachable)";
  }
}
