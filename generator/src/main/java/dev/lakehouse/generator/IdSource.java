package dev.lakehouse.generator;

/** Readable ids, unique within a run and prefixed by the run id so that runs never collide. */
final class IdSource {
  private final String runId;
  private long orders;
  private long payments;
  private long events;

  IdSource(String runId) {
    this.runId = runId;
  }

  String nextOrderId() {
    return String.format("%s-ord-%07d", runId, ++orders);
  }

  String nextPaymentId() {
    return String.format("%s-pay-%07d", runId, ++payments);
  }

  String nextEventId() {
    return String.format("%s-evt-%08d", runId, ++events);
  }
}
