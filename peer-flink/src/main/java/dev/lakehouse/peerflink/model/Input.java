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

  public Input rejected(Violation why) {
    return new Input(topic, partition, offset, key, value, headerNames, headerValues, eventTime, null, null, null, why);
  }
}
