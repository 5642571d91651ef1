package dev.lakehouse.connect.rest;

/** The worker answered with an error status; the message carries its own explanation. */
public class ConnectRequestException extends RuntimeException {
  private final int status;

  public ConnectRequestException(String action, int status, String workerMessage) {
    super("Cannot " + action + ": Kafka Connect answered HTTP " + status
        + (workerMessage == null || workerMessage.isBlank() ? "" : ": " + workerMessage));
    this.status = status;
  }

  /** 409: a rebalance is in progress or expected, or the config is momentarily stale; worth retrying. */
  public boolean isConflict() {
    return status == 409;
  }
}
