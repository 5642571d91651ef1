package dev.lakehouse.streams.topology;

import java.time.Duration;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;

/**
 * Drops an event whose event_id was already seen within the dedup window (event time, either side).
 *
 * <p>Invariant: a duplicate is a producer retry of the same record, so it has the same key and
 * lands on the same partition, task and store as the original; no repartition by event_id is
 * needed. The store keeps ids for the dedup window of stream time, then forgets them.
 */
final class EventDeduplicator implements FixedKeyProcessor<String, SourcedEvent, SourcedEvent> {
  private final String storeName;
  private final String topic;
  private final long windowMs;

  private FixedKeyProcessorContext<String, SourcedEvent> context;
  private WindowStore<String, Long> seen;
  private Sensor duplicates;

  EventDeduplicator(String storeName, String topic, Duration window) {
    this.storeName = storeName;
    this.topic = topic;
    this.windowMs = window.toMillis();
  }

  static StoreBuilder<WindowStore<String, Long>> storeBuilder(StoreTypes stores, String name, Duration window) {
    return Stores.windowStoreBuilder(stores.window(name, window, window), Serdes.String(), Serdes.Long());
  }

  @Override
  public void init(FixedKeyProcessorContext<String, SourcedEvent> context) {
    this.context = context;
    this.seen = context.getStateStore(storeName);
    this.duplicates = LakehouseMetrics.counter(context.metrics(), LakehouseMetrics.DUPLICATES_DROPPED, topic);
  }

  @Override
  public void process(FixedKeyRecord<String, SourcedEvent> record) {
    String eventId = record.value().text("event_id");
    long time = record.timestamp();
    try (WindowStoreIterator<Long> earlier = seen.fetch(eventId, Math.max(0L, time - windowMs), time + windowMs)) {
      if (earlier.hasNext()) {
        duplicates.record();
        return;
      }
    }
    seen.put(eventId, record.value().lineage().offset(), time);
    context.forward(record);
  }
}
