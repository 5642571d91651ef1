package dev.lakehouse.streams.topology.windows;

import dev.lakehouse.streams.topology.ledger.Fate;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.LakehouseMetrics;
import dev.lakehouse.streams.topology.event.Routed;
import dev.lakehouse.streams.topology.event.SourcedEvent;
import dev.lakehouse.streams.topology.ledger.Ledger;
import dev.lakehouse.streams.topology.ledger.LedgerStep;
import dev.lakehouse.streams.topology.state.StreamTime;
import dev.lakehouse.streams.topology.state.TimeKeys;
import dev.lakehouse.streams.topology.state.TimeQueue;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;

/**
 * The first half of a windowed total, in the task of one input partition: sums its events per
 * group key and 1-minute window, diverts the late ones to {@code late-events}, and when its stream
 * time closes windows, sends their totals and then a {@link WindowMessage.Closed} to the merge step.
 *
 * <p>Stream time is the highest event time this step has seen on its partition; a record is late
 * when its window's end + grace is at or before it, after the record itself moved it. Every
 * decision depends on this partition's records in offset order only, so a replay decides the same.
 */
final class WindowPartials implements Processor<String, SourcedEvent, String, Routed<WindowMessage>> {
  private static final Schema LATE_EVENT = Topics.valueSchema(Topics.LATE_EVENTS);

  private final WindowedTotals.Spec spec;
  private final long sizeMs;
  private final long graceMs;
  private final boolean ledgerOn;

  private ProcessorContext<String, Routed<WindowMessage>> context;
  private TimeQueue<WindowTotals> open;
  // the open windows' totals as stored, so that adding to one needs no store read (this step is the store's only writer)
  private final Map<Bytes, WindowTotals> openTotals = new HashMap<>();
  private StreamTime streamTime;
  private LedgerStep ledger;
  private Sensor late;

  WindowPartials(WindowedTotals.Spec spec, long sizeMs, long graceMs, boolean ledgerOn) {
    this.spec = spec;
    this.sizeMs = sizeMs;
    this.graceMs = graceMs;
    this.ledgerOn = ledgerOn;
  }

  @Override
  public void init(ProcessorContext<String, Routed<WindowMessage>> context) {
    this.context = context;
    this.open = new TimeQueue<>(context.getStateStore(spec.partialsStore()));
    openTotals.clear();
    try (KeyValueIterator<Bytes, WindowTotals> stored = open.store().all()) {
      stored.forEachRemaining(window -> openTotals.put(window.key, window.value));
    }
    this.streamTime = new StreamTime(context.getStateStore(StreamTime.STORE), spec.partialsStore());
    this.ledger = LedgerStep.in(context, ledgerOn, spec.sourceTopic(), Ledger.WINDOWS);
    this.late = LakehouseMetrics.counter(context.metrics(), LakehouseMetrics.RECORDS_LATE, spec.sourceTopic());
  }

  @Override
  public void process(Record<String, SourcedEvent> record) {
    long previous = streamTime.current();
    long now = streamTime.advance(record.timestamp());
    long time = record.timestamp();
    long windowStart = time - time % sizeMs;
    String groupKey = spec.groupKey().apply(record.key(), record.value());
    if (windowStart + sizeMs + graceMs <= now) {
      late.record();
      ledger.count(Fate.LATE);
      context.forward(new Record<>(groupKey, Routed.divert(lateEvent(record.value(), windowStart, now)), time));
    } else {
      Bytes key = TimeKeys.of(windowStart, groupKey);
      WindowTotals totals = openTotals.getOrDefault(key, WindowTotals.EMPTY).add(record.value());
      openTotals.put(key, totals);
      open.store().put(key, totals);
    }
    long closedThrough = closedThrough(now);
    if (previous == StreamTime.NONE || closedThrough > closedThrough(previous)) {
      close(closedThrough, now);
    }
  }

  /** The end of the latest window closed at stream time {@code time}: windows ending at or before it are final here. */
  private long closedThrough(long time) {
    return Math.floorDiv(time - graceMs, sizeMs) * sizeMs;
  }

  private void close(long closedThrough, long now) {
    if (closedThrough > 0) {
      for (KeyValue<Bytes, WindowTotals> window : open.takeBefore(closedThrough - sizeMs + 1)) {
        openTotals.remove(window.key);
        WindowMessage partial = new WindowMessage.Partial(TimeKeys.time(window.key), window.value);
        context.forward(new Record<>(TimeKeys.suffix(window.key), Routed.keep(partial), window.value.maxEventTime()));
      }
    }
    // after the partials, in the same partition of the merge topic: the merge sees them first
    WindowMessage done = new WindowMessage.Closed(context.taskId().partition(), closedThrough);
    context.forward(new Record<>("", Routed.keep(done), now));
  }

  private GenericRecord lateEvent(SourcedEvent source, long windowStart, long now) {
    GenericRecord event = source.event();
    long windowEnd = windowStart + sizeMs;
    GenericData.Record row = new GenericData.Record(LATE_EVENT);
    row.put("event_type", spec.sourceTopic().equals(Topics.ORDERS) ? "order" : "payment");
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
