package dev.lakehouse.generator;

/** The kinds of bad input the generator produces, each with the dead-letter error class it must yield. */
public enum MalformedKind {
  /** Bytes that are not the Confluent wire format at all. */
  NOT_AVRO("DESERIALIZATION"),
  /** Wire-format header, then a body cut short. */
  TRUNCATED_AVRO("DESERIALIZATION"),
  /** Wire-format header naming a schema id no registry knows. */
  UNKNOWN_SCHEMA_ID("UNKNOWN_SCHEMA"),
  /** A well-formed event without a record key. */
  MISSING_KEY("MISSING_KEY"),
  /** A well-formed event with a negative amount. */
  NEGATIVE_AMOUNT("INVALID_AMOUNT"),
  /** A well-formed event with a currency (orders) or outcome (payments) outside the configured lists. */
  UNKNOWN_CODE("INVALID_VALUE");

  private final String errorClass;

  MalformedKind(String errorClass) {
    this.errorClass = errorClass;
  }

  /** The {@code error_class} of the dead letter this record must become (see dead-letters.avsc). */
  public String errorClass() {
    return errorClass;
  }
}
