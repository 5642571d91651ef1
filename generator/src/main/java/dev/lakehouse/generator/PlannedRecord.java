package dev.lakehouse.generator;

import java.time.Instant;
import org.apache.avro.generic.GenericRecord;

/**
 * One record the generator produces, with what it was meant to be.
 *
 * @param key record key, null only for {@link MalformedKind#MISSING_KEY}
 * @param value the Avro event, or null when the bytes are not a readable event
 * @param valueBytes the exact bytes sent as the record value
 * @param timestamp Kafka record timestamp: the event time (updated_at for reference data)
 * @param duplicateOf index in the plan of the record this one repeats, or -1
 */
public record PlannedRecord(
    String topic,
    String key,
    GenericRecord value,
    byte[] valueBytes,
    Instant timestamp,
    EventClass eventClass,
    MalformedKind malformedKind,
    int duplicateOf) {

  PlannedRecord asDuplicateOf(int index) {
    return new PlannedRecord(topic, key, value, valueBytes, timestamp, EventClass.DUPLICATE, null, index);
  }

  /** The event_id of an Avro event, or null for unreadable bytes and reference data. */
  public String eventId() {
    return value != null && value.hasField("event_id") ? String.valueOf(value.get("event_id")) : null;
  }

  /** The event time of an Avro event (updated_at of reference data), or null for unreadable bytes. */
  public Instant eventTime() {
    if (value == null) {
      return null;
    }
    return (Instant) (value.hasField("event_time") ? value.get("event_time") : value.get("updated_at"));
  }
}
