package dev.lakehouse.maintenance.support;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;

/**
 * The columns of the landed tables that the audit holds against the pipeline ledger and that a
 * replay comparison cuts by (the landed tables have more; an {@code event_time} for
 * {@link PersonalTables#create}'s hour partitions), and rows of them.
 */
public final class LedgerTables {
  public static final Schema LEDGER = new Schema(
      Types.NestedField.required(1, "source_topic", Types.StringType.get()),
      Types.NestedField.required(2, "source_partition", Types.IntegerType.get()),
      Types.NestedField.required(3, "first_offset", Types.LongType.get()),
      Types.NestedField.required(4, "last_offset", Types.LongType.get()),
      Types.NestedField.required(5, "kept", Types.LongType.get()),
      Types.NestedField.required(6, "late", Types.LongType.get()),
      Types.NestedField.required(7, "dead_lettered", Types.LongType.get()),
      Types.NestedField.required(8, "emitted_at", Types.TimestampType.withZone()),
      Types.NestedField.required(9, "event_time", Types.TimestampType.withZone()),
      Types.NestedField.optional(10, "stream_time", Types.TimestampType.withZone()),
      Types.NestedField.optional(11, "window_stream_time", Types.TimestampType.withZone()));
  public static final Schema WITH_LINEAGE = new Schema(
      Types.NestedField.required(1, "source_topic", Types.StringType.get()),
      Types.NestedField.required(2, "source_partition", Types.IntegerType.get()),
      Types.NestedField.required(3, "source_offset", Types.LongType.get()),
      Types.NestedField.required(4, "event_time", Types.TimestampType.withZone()));
  public static final Schema DEAD_LETTERS = new Schema(
      Types.NestedField.required(1, "source_topic", Types.StringType.get()),
      Types.NestedField.required(2, "source_partition", Types.IntegerType.get()),
      Types.NestedField.required(3, "source_offset", Types.LongType.get()),
      Types.NestedField.required(4, "error_class", Types.StringType.get()),
      Types.NestedField.required(5, "event_time", Types.TimestampType.withZone()));

  private LedgerTables() {}

  /** A ledger row of partition {@code partition}, its event time {@code eventTime} (the table's partition). */
  public static Record ledgerRow(String topic, int partition, long first, long last, long kept, long late,
      long deadLettered, Instant emitted, Instant eventTime) {
    Map<String, Object> values = new HashMap<>(Map.of("source_topic", topic, "source_partition", partition,
        "first_offset", first, "last_offset", last, "kept", kept, "late", late, "dead_lettered", deadLettered));
    values.put("emitted_at", time(emitted));
    values.put("event_time", time(eventTime));
    return GenericRecord.create(LEDGER).copy(values);
  }

  /** The row with both of its partition's stream times (validation, window step) at {@code streamTime} after it. */
  public static Record withStreamTime(Record ledgerRow, Instant streamTime) {
    ledgerRow.setField("stream_time", time(streamTime));
    ledgerRow.setField("window_stream_time", time(streamTime));
    return ledgerRow;
  }

  public static List<Record> lineage(String topic, int partition, Instant eventTime, long... offsets) {
    List<Record> rows = new ArrayList<>(offsets.length);
    GenericRecord template = GenericRecord.create(WITH_LINEAGE);
    for (long offset : offsets) {
      rows.add(template.copy(Map.of("source_topic", topic, "source_partition", partition, "source_offset", offset,
          "event_time", time(eventTime))));
    }
    return rows;
  }

  public static Record deadLetter(String topic, int partition, long offset, String errorClass, Instant eventTime) {
    return GenericRecord.create(DEAD_LETTERS).copy(Map.of("source_topic", topic, "source_partition", partition,
        "source_offset", offset, "error_class", errorClass, "event_time", time(eventTime)));
  }

  private static OffsetDateTime time(Instant instant) {
    return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
  }
}
