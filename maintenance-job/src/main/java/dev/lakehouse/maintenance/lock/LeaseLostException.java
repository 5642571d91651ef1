package dev.lakehouse.maintenance.lock;

/** Our lease expired and another run took the table: stop before committing anything more. */
public class LeaseLostException extends RuntimeException {
  public LeaseLostException(String message) {
    super(message);
  }
}
