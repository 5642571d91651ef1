package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * Sits directly before a windowed aggregation, in the same task, and diverts the records that the
 * aggregation would drop to {@code late-events}. It decides exactly as Kafka Streams' window
 * aggregation does: stream time is the highest record timestamp seen by this task's processor,
 * advanced by the record before deciding, and a record is late when its window's end + grace is
 * at or before stream time. The router forwards every record that advances stream time, so the
 * aggregation's stream time equals the router's; the router's is persisted, so a restart does not
 * change the classification.
 */
final class LateRouter implements FixedKeyProcessor<String, SourcedEvent, Routed<SourcedEvent>> {
  private static final Schema LATE_EVENT = Topics.valueSchema(Topics.LATE_EVENTS);

  private final String storeName;
  private final String sourceTopic;
  private final long sizeMs;
  private final long graceMs;

  private FixedKeyProcessorContext<String, Routed<SourcedEvent>> context;
  private StreamTime streamTime;
  private Sensor late;

  LateRouter(String storeName, String sourceTopic, Duration size, Duration grace) {
    this.storeName = storeName;
    this.sourceTopic = sourceTopic;
    this.sizeMs = size.toMillis();
    this.graceMs = grace.toMillis();
  }

  @Override
  public void init(FixedKeyProcessorContext<String, Routed<SourcedEvent>> context) {
    this.context = context;
    this.streamTime = new StreamTime(context.getStateStore(storeName));
    this.late = LakehouseMetrics.counter(context.metrics(), LakehouseMetrics.RECORDS_LATE, sourceTopic);
  }

  @Override
  public void process(FixedKeyRecord<String, SourcedEvent> record) {
    long now = streamTime.advance(record.timestamp());
    // tumbling windows are aligned to the epoch, as TimeWindows computes them
    long windowStart = record.timestamp() - record.timestamp() % sizeMs;
    long windowEnd = windowStart + sizeMs;
    if (windowEnd + graceMs > now) {
      context.forward(record.withValue(Routed.keep(record.value())));
      return;
    }
    late.record();
    context.forward(record.withValue(Routed.divert(lateEvent(record.value(), windowStart, windowEnd, now))));
  }

  private GenericRecord lateEvent(SourcedEvent source, long windowStart, long windowEnd, long now) {
    GenericRecord event = source.event();
    GenericData.Record row = new GenericData.Record(LATE_EVENT);
    row.put("event_type", sourceTopic.equals(Topics.ORDERS) ? "order" : "payment");
    for (String field : new String[] {"event_id", "order_id", "payment_id", "merchant_id", "currency", "status",
        "outcome", "amount", "event_time"}) {
      row.put(field, event.getSchema().getField(field) == null ? null : event.get(field));
    }
    row.put("window_start", Instant.ofEpochMilli(windowStart));
    row.put("window_end", Instant.ofEpochMilli(windowEnd));
    row.put("stream_time", Instant.ofEpochMilli(now));
    row.put("lateness_ms", now - (windowEnd + graceMs));
    row.put("source_topic", source.lineage().topic());
    row.put("source_partition", source.lineage().partition());
    row.put("source_offset", source.lineage().offset());
    row.put("processing_time", Instant.ofEpochMilli(context.currentSystemTimeMs()));
    return row;
  }
}
