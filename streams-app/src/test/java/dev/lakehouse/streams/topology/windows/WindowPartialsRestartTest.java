package dev.lakehouse.streams.topology.windows;

import static org.assertj.core.api.Assertions.assertThat;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.TestEvents;
import dev.lakehouse.streams.topology.event.Lineage;
import dev.lakehouse.streams.topology.event.Routed;
import dev.lakehouse.streams.topology.event.SourcedEvent;
import dev.lakehouse.streams.topology.state.ProcessorOnRocksDb;
import dev.lakehouse.streams.topology.state.StoreTypes;
import dev.lakehouse.streams.topology.state.StreamTime;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A window step that starts on windows stored by an earlier one (a restart, or a task moved here)
 * adds to their totals: it keeps the open windows in memory, so it must read them from the store
 * when it starts. On RocksDB, as in production.
 */
class WindowPartialsRestartTest {
  private static final Instant T = Instant.parse("2026-11-29T10:00:00Z");
  private static final Duration GRACE = Duration.ofMinutes(2);
  private static final WindowedTotals.Spec REVENUE = new WindowedTotals.Spec("revenue-by-merchant-currency",
      Topics.ORDERS, (orderId, order) -> WindowRows.revenueKey(order), WindowRows::revenue,
      Topics.REVENUE_BY_MERCHANT_1M);

  @TempDir Path stateDir;

  @Test
  void aWindowOpenAcrossARestartSumsTheOrdersFromBeforeAndAfterIt() {
    StoreTypes rocksDb = ProcessorOnRocksDb.rocksDb();
    MockProcessorContext<String, Routed<WindowMessage>> context = ProcessorOnRocksDb.context(stateDir,
        T.plusSeconds(3600), List.of(
            Stores.keyValueStoreBuilder(rocksDb.keyValue(REVENUE.partialsStore()), Serdes.Bytes(), WindowTotals.serde()),
            Stores.keyValueStoreBuilder(rocksDb.keyValue(StreamTime.STORE), Serdes.String(), Serdes.Long())));
    TestEvents events = new TestEvents(5);
    WindowPartials before = windowStep();
    before.init(context);
    before.process(placed(events.order("o-1", "c-1", "m-1", "PLACED", "10.00", "EUR", T)));
    before.process(placed(events.order("o-2", "c-1", "m-1", "PLACED", "5.50", "EUR", T.plusSeconds(20))));

    WindowPartials after = windowStep();
    after.init(context);
    after.process(placed(events.order("o-3", "c-1", "m-1", "PLACED", "1.25", "EUR", T.plusSeconds(40))));
    // moves the step's stream time past the window's end + grace
    after.process(placed(events.order("o-4", "c-1", "m-1", "PLACED", "1.00", "EUR", T.plus(Duration.ofMinutes(10)))));

    List<WindowTotals> closed = context.forwarded().stream()
        .map(captured -> captured.record().value().kept())
        .filter(WindowMessage.Partial.class::isInstance)
        .map(message -> ((WindowMessage.Partial) message).totals())
        .toList();
    assertThat(closed).singleElement().satisfies(totals -> {
      assertThat(totals.count()).isEqualTo(3);
      assertThat(totals.amount()).isEqualTo(new BigDecimal("16.75"));
    });
  }

  private static WindowPartials windowStep() {
    return new WindowPartials(REVENUE, WindowedTotals.WINDOW_SIZE.toMillis(), GRACE.toMillis(), false);
  }

  private static Record<String, SourcedEvent> placed(GenericRecord order) {
    SourcedEvent sourced = new SourcedEvent(order, new Lineage(Topics.ORDERS, 0, 0L));
    return new Record<>(order.get("order_id").toString(), sourced, sourced.eventTime());
  }
}
