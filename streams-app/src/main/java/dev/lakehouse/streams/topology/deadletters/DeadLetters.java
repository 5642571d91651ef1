package dev.lakehouse.streams.topology.deadletters;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.event.Fields;
import dev.lakehouse.streams.topology.event.Lineage;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

/** Builds {@code dead-letters} rows and their headers (KIP-1034 names, values as UTF-8 text). */
public final class DeadLetters {
  public static final String HEADER_MESSAGE = "__streams.errors.message";
  public static final String HEADER_EXCEPTION = "__streams.errors.exception";
  public static final String HEADER_TOPIC = "__streams.errors.topic";
  public static final String HEADER_PARTITION = "__streams.errors.partition";
  public static final String HEADER_OFFSET = "__streams.errors.offset";

  private static final Schema SCHEMA = Topics.valueSchema(Topics.DEAD_LETTERS);

  private DeadLetters() {}

  public static GenericRecord row(Violation violation, Lineage lineage, String key, byte[] value, Instant eventTime,
      long processingTime) {
    GenericData.Record row = new GenericData.Record(SCHEMA);
    row.put("reason", violation.reason());
    row.put("error_class", violation.errorClass().name());
    row.put("record_key", key);
    row.put("record_value", value == null ? null : ByteBuffer.wrap(value));
    row.put("event_time", eventTime);
    Fields.putSource(row, lineage, processingTime);
    return row;
  }

  /**
   * The input's headers plus the error headers. The exception header names the exception class,
   * or the error class when a rule was broken without one.
   */
  public static Headers headers(Headers input, Violation violation, Lineage lineage) {
    Headers headers = new RecordHeaders(input.toArray());
    String exception = violation.exceptionClass() != null ? violation.exceptionClass() : violation.errorClass().name();
    add(headers, HEADER_MESSAGE, violation.reason());
    add(headers, HEADER_EXCEPTION, exception);
    add(headers, HEADER_TOPIC, lineage.topic());
    add(headers, HEADER_PARTITION, String.valueOf(lineage.partition()));
    add(headers, HEADER_OFFSET, String.valueOf(lineage.offset()));
    return headers;
  }

  private static void add(Headers headers, String name, String value) {
    headers.remove(name);
    headers.add(name, value.getBytes(StandardCharsets.UTF_8));
  }
}
