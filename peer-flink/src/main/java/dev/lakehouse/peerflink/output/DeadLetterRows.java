package dev.lakehouse.peerflink.output;

import dev.lakehouse.peerflink.model.Input;
import dev.lakehouse.peerflink.model.Violation;
import dev.lakehouse.schemas.Topics;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * {@code dead-letters} rows and their headers: the input's own headers plus the error headers
 * under the names the Streams app uses (KIP-1034's), values as UTF-8 text.
 */
public final class DeadLetterRows {
  static final String HEADER_MESSAGE = "__streams.errors.message";
  static final String HEADER_EXCEPTION = "__streams.errors.exception";
  static final String HEADER_TOPIC = "__streams.errors.topic";
  static final String HEADER_PARTITION = "__streams.errors.partition";
  static final String HEADER_OFFSET = "__streams.errors.offset";
  private static final Schema DEAD_LETTER = Topics.valueSchema(Topics.DEAD_LETTERS);

  private DeadLetterRows() {}

  /** The dead letter of an input record that broke a rule or could not be read. */
  public static GenericRecord row(Input input, long processingTime) {
    return row(input.violation(), input.topic(), input.partition(), input.offset(), input.key(), input.value(),
        input.eventTime(), processingTime);
  }

  /** A dead letter that keeps no original bytes (a record the job could only judge later, by its coordinates). */
  public static GenericRecord row(Violation violation, String topic, int partition, long offset, String key,
      byte[] value, Long eventTime, long processingTime) {
    GenericData.Record row = new GenericData.Record(DEAD_LETTER);
    row.put("reason", violation.reason());
    row.put("error_class", violation.errorClass());
    row.put("source_topic", topic);
    row.put("source_partition", partition);
    row.put("source_offset", offset);
    row.put("record_key", key);
    row.put("record_value", value == null ? null : ByteBuffer.wrap(value));
    row.put("event_time", eventTime == null ? null : Instant.ofEpochMilli(eventTime));
    row.put("processing_time", Instant.ofEpochMilli(processingTime));
    return row;
  }

  /** The input's headers (none for a record judged later) followed by the error headers. */
  public static OutputEncoder.Headers headers(Violation violation, String topic, int partition, long offset,
      String[] inputNames, byte[][] inputValues) {
    List<String> names = new ArrayList<>();
    List<byte[]> values = new ArrayList<>();
    String exception = violation.exceptionClass() != null ? violation.exceptionClass() : violation.errorClass();
    String[][] errors = {
        {HEADER_MESSAGE, violation.reason()},
        {HEADER_EXCEPTION, exception},
        {HEADER_TOPIC, topic},
        {HEADER_PARTITION, Integer.toString(partition)},
        {HEADER_OFFSET, Long.toString(offset)}};
    for (int i = 0; inputNames != null && i < inputNames.length; i++) {
      if (!isErrorHeader(inputNames[i])) {
        names.add(inputNames[i]);
        values.add(inputValues[i]);
      }
    }
    for (String[] error : errors) {
      names.add(error[0]);
      values.add(error[1].getBytes(StandardCharsets.UTF_8));
    }
    return new OutputEncoder.Headers(names.toArray(String[]::new), values.toArray(byte[][]::new));
  }

  private static boolean isErrorHeader(String name) {
    return name.equals(HEADER_MESSAGE) || name.equals(HEADER_EXCEPTION) || name.equals(HEADER_TOPIC)
        || name.equals(HEADER_PARTITION) || name.equals(HEADER_OFFSET);
  }
}
