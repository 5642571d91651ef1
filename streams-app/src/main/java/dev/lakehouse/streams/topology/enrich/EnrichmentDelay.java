package dev.lakehouse.streams.topology.enrich;

import dev.lakehouse.streams.topology.event.Fields;
import dev.lakehouse.streams.topology.event.Lineage;
import dev.lakehouse.streams.topology.event.SourcedEvent;
import dev.lakehouse.streams.topology.event.SourcedEventSerde;
import dev.lakehouse.streams.topology.state.StoreTypes;
import dev.lakehouse.streams.topology.state.StreamTime;
import dev.lakehouse.streams.topology.state.TimeKeys;
import dev.lakehouse.streams.topology.state.TimeQueue;
import java.nio.ByteBuffer;
import java.time.Duration;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * Holds each order until stream time reaches its event time + the reference join grace, so that a
 * customer or merchant version arriving a little after the order is still used. The held orders are
 * in a changelogged store keyed by due time, so a crash loses none. Only built with a positive grace.
 */
final class EnrichmentDelay implements Processor<String, SourcedEvent, String, SourcedEvent> {
  static final String STORE = "orders-enrichment-delay";

  private final long graceMs;

  private ProcessorContext<String, SourcedEvent> context;
  private TimeQueue<SourcedEvent> held;
  private StreamTime streamTime;

  EnrichmentDelay(Duration grace) {
    this.graceMs = grace.toMillis();
  }

  static StoreBuilder<KeyValueStore<Bytes, SourcedEvent>> storeBuilder(StoreTypes stores,
      SourcedEventSerde orderSerde) {
    return Stores.keyValueStoreBuilder(stores.keyValue(STORE), Serdes.Bytes(), orderSerde);
  }

  @Override
  public void init(ProcessorContext<String, SourcedEvent> context) {
    this.context = context;
    this.held = new TimeQueue<>(context.getStateStore(STORE));
    this.streamTime = new StreamTime(context.getStateStore(StreamTime.STORE), STORE);
  }

  @Override
  public void process(Record<String, SourcedEvent> record) {
    long now = streamTime.advance(record.timestamp());
    releaseDue(now);
    long due = record.timestamp() + graceMs;
    if (due <= now) {
      context.forward(record);
      return;
    }
    Lineage lineage = record.value().lineage();
    byte[] inputPosition = ByteBuffer.allocate(12).putInt(lineage.partition()).putLong(lineage.offset()).array();
    held.store().put(TimeKeys.of(due, inputPosition), record.value());
  }

  private void releaseDue(long now) {
    for (KeyValue<Bytes, SourcedEvent> entry : held.takeBefore(now + 1)) {
      SourcedEvent order = entry.value;
      context.forward(new Record<>(order.text(Fields.ORDER_ID), order, order.eventTime()));
    }
  }
}
