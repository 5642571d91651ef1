package dev.lakehouse.streams.topology;

import java.math.BigDecimal;
import java.time.Instant;
import org.apache.avro.generic.GenericRecord;

/** A validated input record (read with its topic's contract schema) and where it came from. */
public record SourcedEvent(GenericRecord event, Lineage lineage) {

  public String text(String field) {
    Object value = event.get(field);
    return value == null ? null : value.toString();
  }

  public BigDecimal amount() {
    return (BigDecimal) event.get("amount");
  }

  public long eventTime() {
    return ((Instant) event.get("event_time")).toEpochMilli();
  }
}
