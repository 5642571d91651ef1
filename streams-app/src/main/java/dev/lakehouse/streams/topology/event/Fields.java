package dev.lakehouse.streams.topology.event;

import java.time.Instant;
import org.apache.avro.generic.GenericData;

/** The record fields the topology reads and writes for every event, by position ({@link RecordField}). */
public final class Fields {
  public static final RecordField EVENT_ID = new RecordField("event_id");
  public static final RecordField ORDER_ID = new RecordField("order_id");
  public static final RecordField PAYMENT_ID = new RecordField("payment_id");
  public static final RecordField CUSTOMER_ID = new RecordField("customer_id");
  public static final RecordField MERCHANT_ID = new RecordField("merchant_id");
  public static final RecordField STATUS = new RecordField("status");
  public static final RecordField OUTCOME = new RecordField("outcome");
  public static final RecordField CURRENCY = new RecordField("currency");
  public static final RecordField AMOUNT = new RecordField("amount");
  public static final RecordField EVENT_TIME = new RecordField("event_time");
  private static final RecordField SOURCE_TOPIC = new RecordField("source_topic");
  private static final RecordField SOURCE_PARTITION = new RecordField("source_partition");
  private static final RecordField SOURCE_OFFSET = new RecordField("source_offset");
  private static final RecordField PROCESSING_TIME = new RecordField("processing_time");

  private Fields() {}

  /** The columns output rows end with: where their event was read, and when the app processed it. */
  public static void putSource(GenericData.Record row, Lineage lineage, long processingTime) {
    SOURCE_TOPIC.put(row, lineage.topic());
    SOURCE_PARTITION.put(row, lineage.partition());
    SOURCE_OFFSET.put(row, lineage.offset());
    PROCESSING_TIME.put(row, Instant.ofEpochMilli(processingTime));
  }
}
