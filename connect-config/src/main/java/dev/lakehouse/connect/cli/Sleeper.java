package dev.lakehouse.connect.cli;

/** Waiting between polls of the worker. */
final class Sleeper {
  private Sleeper() {}

  static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Cannot keep waiting for Kafka Connect: interrupted", e);
    }
  }
}
