package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.KeyValueMapper;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.kstream.Suppressed;
import org.apache.kafka.streams.kstream.TimeWindows;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.WindowStore;

/**
 * Final totals per key and 1-minute tumbling event-time window: repartition by the group key,
 * divert late records to {@code late-events}, aggregate, emit each window once when it closes.
 */
final class WindowedTotals {
  static final Duration WINDOW_SIZE = Duration.ofMinutes(1);

  /** Turns a closed window's totals into the output row and its key. */
  interface ResultRow {
    KeyValue<String, GenericRecord> row(Windowed<String> window, WindowTotals totals, long processingTime);
  }

  /**
   * @param name prefix of every processor, store and internal topic of this branch
   * @param sourceTopic the input topic the events came from (metrics tag, late event type)
   */
  record Spec(String name, String sourceTopic, Schema eventSchema, KeyValueMapper<String, SourcedEvent, String> groupKey,
      ResultRow resultRow, String outputTopic) {}

  private WindowedTotals() {}

  static void build(StreamsBuilder builder, StoreTypes stores, KStream<String, SourcedEvent> events, Spec spec,
      TopologySettings settings, Serde<GenericRecord> outputSerde) {
    String name = spec.name();
    SourcedEventSerde eventSerde = new SourcedEventSerde(spec.eventSchema());
    String streamTimeStore = name + "-late-router-stream-time";
    builder.addStateStore(StreamTime.storeBuilder(stores, streamTimeStore));

    KStream<String, Routed<SourcedEvent>> routed = events
        .selectKey(spec.groupKey(), Named.as(name + "-group-key"))
        .repartition(Repartitioned.<String, SourcedEvent>as(name)
            .withKeySerde(Serdes.String()).withValueSerde(eventSerde))
        .processValues(() -> new LateRouter(streamTimeStore, spec.sourceTopic(), WINDOW_SIZE, settings.windowGrace()),
            Named.as(name + "-late-router"), streamTimeStore);
    RoutedBranches<SourcedEvent> branches = RoutedBranches.split(routed, name + "-late-router");
    branches.diverted().to(Topics.LATE_EVENTS,
        Produced.with(Serdes.String(), outputSerde).withName(name + "-late-events-sink"));

    branches.kept()
        .groupByKey(Grouped.with(name + "-grouped", Serdes.String(), eventSerde))
        .windowedBy(TimeWindows.ofSizeAndGrace(WINDOW_SIZE, settings.windowGrace()))
        .aggregate(() -> WindowTotals.EMPTY, (key, event, totals) -> totals.add(event), Named.as(name + "-aggregate"),
            Materialized.<String, WindowTotals, WindowStore<Bytes, byte[]>>as(name + "-window-store")
                .withKeySerde(Serdes.String()).withValueSerde(WindowTotals.serde()))
        // Final results through suppress, not EmitStrategy.onWindowClose(): the crash test
        // (ExactlyOnceRestartIT) lost closed windows after a kill -9 with onWindowClose, and its
        // emission is throttled by wall clock, so the last closed windows wait for more input.
        // The suppress buffer is changelogged and flushes on stream time alone.
        .suppress(Suppressed.untilWindowCloses(Suppressed.BufferConfig.unbounded())
            .withName(name + "-final-results"))
        .toStream(Named.as(name + "-closed-windows"))
        .process(() -> new ResultWriter(spec.resultRow()), Named.as(name + "-result-row"))
        .to(spec.outputTopic(), Produced.with(Serdes.String(), outputSerde).withName(name + "-sink"));
  }

  private static final class ResultWriter implements Processor<Windowed<String>, WindowTotals, String, GenericRecord> {
    private final ResultRow resultRow;
    private ProcessorContext<String, GenericRecord> context;

    ResultWriter(ResultRow resultRow) {
      this.resultRow = resultRow;
    }

    @Override
    public void init(ProcessorContext<String, GenericRecord> context) {
      this.context = context;
    }

    @Override
    public void process(Record<Windowed<String>, WindowTotals> record) {
      KeyValue<String, GenericRecord> row = resultRow.row(record.key(), record.value(), context.currentSystemTimeMs());
      context.forward(record.withKey(row.key).withValue(row.value));
    }
  }
}
