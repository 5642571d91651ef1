package dev.lakehouse.streams.topology.event;

import java.math.BigDecimal;
import java.time.Instant;
import org.apache.avro.generic.GenericRecord;

/**
 * A validated input record (read with its topic's contract schema) and where it came from. On a
 * reference topic ({@code customers}, {@code merchants}) {@code event} is null for a deletion (a
 * valid tombstone); on orders and payments it is always set.
 */
public record SourcedEvent(GenericRecord event, Lineage lineage) {

  public String text(RecordField field) {
    Object value = field.in(event);
    return value == null ? null : value.toString();
  }

  public BigDecimal amount() {
    return (BigDecimal) Fields.AMOUNT.in(event);
  }

  public long eventTime() {
    return ((Instant) Fields.EVENT_TIME.in(event)).toEpochMilli();
  }
}
