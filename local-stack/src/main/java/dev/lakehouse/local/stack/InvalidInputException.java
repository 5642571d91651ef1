package dev.lakehouse.local.stack;

/** A setting, option or argument that cannot be used; nothing was done. Its message names it and says what fits. */
public class InvalidInputException extends StackException {
  public InvalidInputException(String message) {
    super(message);
  }

  public InvalidInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
