package dev.lakehouse.peerflink.job;

import dev.lakehouse.peerflink.enrich.OrderEnrichment;
import dev.lakehouse.peerflink.input.InputRouter;
import dev.lakehouse.peerflink.join.OrderTracker;
import dev.lakehouse.peerflink.model.Input;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.model.OrderOrPayment;
import dev.lakehouse.peerflink.model.ReferenceVersion;
import dev.lakehouse.peerflink.model.TimedAmount;
import dev.lakehouse.peerflink.window.PartitionWatermarks;
import dev.lakehouse.peerflink.window.TotalsAggregate;
import dev.lakehouse.peerflink.window.WindowRows;
import dev.lakehouse.schemas.Topics;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.streaming.api.datastream.BroadcastStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;

/**
 * The Streams app's job as a Flink dataflow (every operator has a stable uid, so a checkpoint
 * restores into the same graph):
 *
 * <pre>
 * orders, payments --> validation (horizon per input partition) --> dead-letters
 *   --keyBy input partition--> order tracker (+ broadcast reference versions): dedup, order-payment
 *        join, enrichment, lateness, per partition clocks
 *        --> orders-enriched, order-payments, UNKNOWN_ORDER dead letters, late-events (a sink chained to it)
 *        on-time PLACED orders --(watermark: slowest partition)--keyBy currency:merchant--> 1-minute windows
 *        on-time payments --(watermark: slowest partition)--keyBy outcome--> 1-minute windows
 * customers, merchants --> validation --> dead-letters; versions --broadcast--> order tracker
 * </pre>
 *
 * No source emits watermarks: time is each input partition's own stream time, as in the Streams app
 * (the order tracker's clocks); only the windows get a watermark, from the partitions' window
 * stream times ({@link PartitionWatermarks}). Two exactly-once Kafka sinks: the tracker's, chained
 * to it, and one for the rest (dead letters of validation, window rows).
 */
public final class PeerJob {
  public static final String NAME = "lakehouse-peer-flink";

  private PeerJob() {}

  public static void build(StreamExecutionEnvironment env, JobSettings settings, KafkaIo kafka) {
    // every record's timestamp is its event time (the windows assign by it), but no source emits watermarks
    WatermarkStrategy<Input> eventTime = WatermarkStrategy.<Input>noWatermarks()
        .withTimestampAssigner((input, kafkaTimestamp) -> input.eventTime() != null ? input.eventTime() : kafkaTimestamp);
    SingleOutputStreamOperator<KafkaOutput> events = env
        .fromSource(kafka.source("events", List.of(Topics.ORDERS, Topics.PAYMENTS), settings), eventTime, "events")
        .uid("events-source")
        .process(new InputRouter(settings)).name("events-validation").uid("events-validation");
    SingleOutputStreamOperator<KafkaOutput> references = env
        .fromSource(kafka.source("references", List.of(Topics.CUSTOMERS, Topics.MERCHANTS), settings),
            WatermarkStrategy.noWatermarks(), "references")
        .uid("references-source")
        .process(new InputRouter(settings)).name("references-validation").uid("references-validation");
    BroadcastStream<ReferenceVersion> versions =
        references.getSideOutput(InputRouter.REFERENCES).broadcast(OrderEnrichment.VERSIONS);

    PartitionKeys partitions = PartitionKeys.of(settings.inputPartitions());
    KeySelector<OrderOrPayment, Integer> inputPartition = event -> partitions.keyOf(event.partition());
    SingleOutputStreamOperator<KafkaOutput> tracked = events.getSideOutput(InputRouter.EVENTS)
        .keyBy(inputPartition, Types.INT)
        .connect(versions)
        .process(new OrderTracker(settings)).name("order-tracker").uid("order-tracker");
    // most outputs (enriched orders, order payments, late events): a sink chained to the tracker, no shuffle
    tracked.sinkTo(kafka.sink("tracked")).name("tracked-outputs").uid("tracked-outputs");

    DataStream<KafkaOutput> revenue = windowed(tracked.getSideOutput(OrderTracker.WINDOWED_ORDERS),
        WindowRows.revenue(settings), "revenue-by-merchant-1m", partitions, settings);
    DataStream<KafkaOutput> byOutcome = windowed(tracked.getSideOutput(OrderTracker.WINDOWED_PAYMENTS),
        WindowRows.paymentsByOutcome(settings), "payments-by-outcome-1m", partitions, settings);
    events.union(references, revenue, byOutcome)
        .sinkTo(kafka.sink("other")).name("outputs").uid("outputs");
  }

  /**
   * Final totals per key and 1-minute window, emitted once, when every input partition has closed
   * the window. The events come from the order tracker, which sent the late ones to late-events.
   */
  private static <T extends TimedAmount> DataStream<KafkaOutput> windowed(DataStream<T> events, WindowRows rows,
      String name, PartitionKeys partitions, JobSettings settings) {
    KeySelector<T, String> windowKey = TimedAmount::windowKey;
    return events
        .transform(name + "-watermarks", events.getType(), new PartitionWatermarks<T>(partitions, settings.windowGrace()))
        .uid(name + "-watermarks")
        .keyBy(windowKey, Types.STRING)
        .window(TumblingEventTimeWindows.of(JobSettings.WINDOW_SIZE))
        .aggregate(new TotalsAggregate<>(), rows).name(name).uid(name);
  }
}
