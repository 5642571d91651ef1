package dev.lakehouse.peerflink.model;

/**
 * One input record as read: where it came from, its raw key, value and headers (for dead
 * letters), and either what it parsed to (one of order, payment, reference) or why it cannot be
 * used.
 *
 * @param eventTime the event time when it could be read, else null
 */
public record Input(
    String topic,
    int partition,
    long offset,
    String key,
    byte[] value,
    String[] headerNames,
    byte[][] headerValues,
    Long eventTime,
    Order order,
    Payment payment,
    ReferenceVersion reference,
    Violation violation) {

  /**
   * The timestamp that drives watermarks: the event time of a usable record. A rejected one gets
   * the smallest timestamp so that it never moves a watermark (an event time far in the future
   * would close every window).
   */
  public long watermarkTimestamp() {
    return violation == null && eventTime != null ? eventTime : Long.MIN_VALUE;
  }

  public Input rejected(Violation why) {
    return new Input(topic, partition, offset, key, value, headerNames, headerValues, eventTime, null, null, null, why);
  }
}
