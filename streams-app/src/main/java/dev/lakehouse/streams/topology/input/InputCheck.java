package dev.lakehouse.streams.topology.input;

import dev.lakehouse.schemas.registry.UnknownSchemaException;
import dev.lakehouse.schemas.serde.AvroDeserializer;
import dev.lakehouse.schemas.serde.WireFormatException;
import dev.lakehouse.streams.topology.deadletters.ErrorClass;
import dev.lakehouse.streams.topology.deadletters.Violation;
import java.time.Instant;
import java.util.Optional;
import org.apache.avro.generic.GenericRecord;

/**
 * Parses one input record and checks its rules: the one definition of "valid", used by the
 * validation step (which dead-letters what fails) and by the reference stores (which skip it).
 * Only bad input is reported: a registry that cannot be reached throws like any other outage.
 *
 * <p>A tombstone (null value) on a reference topic is valid: it deletes the customer or merchant
 * as of the record's Kafka timestamp (it has no {@code updated_at}), as change-data-capture
 * producers do on compacted topics. On orders and payments it is bad input.
 */
public final class InputCheck {
  private final EventRules rules;
  private final EventTimeRule timeRule;
  private final AvroDeserializer deserializer;

  /**
   * A valid record with its event time (a valid tombstone: null value, its Kafka timestamp), or why
   * the record cannot be used (value and time when readable).
   */
  public record Result(GenericRecord value, Instant eventTime, Violation violation) {
    public boolean isValid() {
      return violation == null;
    }

    boolean isDeletion() {
      return isValid() && value == null;
    }
  }

  public InputCheck(EventRules rules, EventTimeRule timeRule, AvroDeserializer deserializer) {
    this.rules = rules;
    this.timeRule = timeRule;
    this.deserializer = deserializer;
  }

  EventRules rules() {
    return rules;
  }

  public Result check(String key, byte[] bytes, long recordTimestamp, long wallClock, long streamTime) {
    if (bytes == null && rules.deletesWithTombstones()) {
      Optional<Violation> violation = rules.checkKey(key)
          .or(() -> timeRule.check("record timestamp", recordTimestamp, wallClock, streamTime));
      return new Result(null, Instant.ofEpochMilli(recordTimestamp), violation.orElse(null));
    }
    GenericRecord value;
    try {
      value = deserializer.deserialize(rules.topic(), bytes);
    } catch (UnknownSchemaException e) {
      return new Result(null, null, Violation.of(ErrorClass.UNKNOWN_SCHEMA, e));
    } catch (WireFormatException | AvroDeserializer.AvroDecodingException e) {
      return new Result(null, null, Violation.of(ErrorClass.DESERIALIZATION, e));
    }
    if (value == null) {
      return new Result(null, null, Violation.of(ErrorClass.INVALID_VALUE, "value is null: " + rules.topic()
          + " records cannot be deleted with tombstones; publish a full record instead"));
    }
    Instant eventTime = rules.eventTime(value);
    Optional<Violation> violation = rules.check(key, value);
    if (violation.isEmpty()) {
      violation = timeRule.check(rules.timeField(), eventTime.toEpochMilli(), wallClock, streamTime);
    }
    return new Result(value, eventTime, violation.orElse(null));
  }
}
