package dev.lakehouse.streams.topology.deadletters;

/** The categories of dead letters, as documented in {@code dead-letters.avsc} (field error_class). */
public enum ErrorClass {
  /** Not the Confluent wire format, or Avro bytes that do not match their schema. */
  DESERIALIZATION,
  /** A schema id the registry does not know. */
  UNKNOWN_SCHEMA,
  /** Null or empty record key. */
  MISSING_KEY,
  /** A required id is empty. */
  MISSING_FIELD,
  /** Amount not positive or above the configured maximum, or a discount outside 0..amount. */
  INVALID_AMOUNT,
  /** A value outside its accepted list, a null value, or a key that is not the record's id. */
  INVALID_VALUE,
  /** Event time too far ahead of the wall clock or behind stream time. */
  EVENT_TIME_OUT_OF_RANGE,
  /** A successful payment with no PLACED order in the join window before it. */
  UNKNOWN_ORDER
}
