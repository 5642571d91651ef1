package dev.lakehouse.streams.topology.orders;

import static org.assertj.core.api.Assertions.assertThat;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.TestEvents;
import dev.lakehouse.streams.topology.TopologySettings;
import dev.lakehouse.streams.topology.event.Lineage;
import dev.lakehouse.streams.topology.event.Routed;
import dev.lakehouse.streams.topology.event.SourcedEvent;
import dev.lakehouse.streams.topology.state.ProcessorOnRocksDb;
import dev.lakehouse.streams.topology.state.StoreTypes;
import dev.lakehouse.streams.topology.state.StreamTime;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tracker that starts on order state stored by an earlier one (a restart, or a task moved here)
 * finds that state: it keeps in memory which ids each bucket may hold, so it must fill that from the
 * store when it starts. On RocksDB, as in production.
 */
class OrderTrackerRestartTest {
  private static final Instant T = Instant.parse("2026-11-29T10:00:00Z");

  @TempDir Path stateDir;

  @Test
  void aTrackerStartedOnStoredStateDropsARetryAndPaysTheWaitingOrder() {
    TopologySettings settings = TopologySettings.defaults();
    MockProcessorContext<String, Routed<SourcedEvent>> context = contextWithStores(settings);
    TestEvents events = new TestEvents(3);
    GenericRecord order = events.order("o-1", "c-1", "m-1", "PLACED", "12.50", "EUR", T);
    OrderTracker before = new OrderTracker(settings, Map.of());
    before.init(context);
    before.process(record(Topics.ORDERS, order, 1));
    assertThat(context.forwarded()).hasSize(1);
    context.resetForwards();

    OrderTracker after = new OrderTracker(settings, Map.of());
    after.init(context);
    after.process(record(Topics.ORDERS, order, 2));
    after.process(record(Topics.PAYMENTS, events.payment("o-1", "SUCCEEDED", "12.50", T.plusSeconds(30)), 3));

    List<Routed<SourcedEvent>> forwarded = context.forwarded().stream()
        .<Routed<SourcedEvent>>map(captured -> captured.record().value()).toList();
    assertThat(forwarded.stream().filter(Routed::isKept).map(routed -> routed.kept().lineage().topic()))
        .as("the retry of o-1 is dropped, its payment kept").containsExactly(Topics.PAYMENTS);
    assertThat(forwarded.stream().filter(routed -> !routed.isKept()).map(routed -> routed.diverted().get("status")))
        .as("o-1 paid by the payment").singleElement().hasToString("PAID");
  }

  @Test
  void aTaskWithTheStreamTimeOfAnEarlierVersionStartsBothClocksFromIt() {
    TopologySettings settings = TopologySettings.defaults();
    MockProcessorContext<String, Routed<SourcedEvent>> context = contextWithStores(settings);
    // an earlier version kept one stream time for both inputs, under the order state's name
    context.<KeyValueStore<String, Long>>getStateStore(StreamTime.STORE)
        .put(OrderTracker.STATE_STORE, T.plusSeconds(3600).toEpochMilli());
    TestEvents events = new TestEvents(4);
    OrderTracker tracker = new OrderTracker(settings, Map.of());
    tracker.init(context);
    // an order and its payment an hour behind that stream time meet; had the payments' clock not
    // started from it, the order would have fallen due at once (an hour behind the latest time)
    tracker.process(record(Topics.ORDERS, events.order("o-1", "c-1", "m-1", "PLACED", "12.50", "EUR", T), 1));
    tracker.process(record(Topics.PAYMENTS, events.payment("o-1", "SUCCEEDED", "12.50", T.plusSeconds(30)), 1));

    assertThat(context.forwarded().stream().map(captured -> captured.record().value())
        .filter(routed -> !routed.isKept()).map(routed -> routed.diverted().get("status")))
        .singleElement().hasToString("PAID");
  }

  private MockProcessorContext<String, Routed<SourcedEvent>> contextWithStores(TopologySettings settings) {
    StoreTypes rocksDb = ProcessorOnRocksDb.rocksDb();
    List<StoreBuilder<?>> builders = new ArrayList<>(OrderTracker.storeBuilders(rocksDb, settings));
    builders.add(Stores.keyValueStoreBuilder(rocksDb.keyValue(StreamTime.STORE), Serdes.String(), Serdes.Long()));
    return ProcessorOnRocksDb.context(stateDir, T.plusSeconds(3600), builders);
  }

  private static Record<String, SourcedEvent> record(String topic, GenericRecord event, long offset) {
    SourcedEvent sourced = new SourcedEvent(event, new Lineage(topic, 0, offset));
    return new Record<>(event.get("order_id").toString(), sourced, sourced.eventTime());
  }
}
