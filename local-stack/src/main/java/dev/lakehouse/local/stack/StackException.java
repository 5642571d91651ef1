package dev.lakehouse.local.stack;

/** A failure the user can act on; its message says what could not be done, why, and what to do. */
public class StackException extends RuntimeException {
  public StackException(String message) {
    super(message);
  }

  public StackException(String message, Throwable cause) {
    super(message, cause);
  }
}
