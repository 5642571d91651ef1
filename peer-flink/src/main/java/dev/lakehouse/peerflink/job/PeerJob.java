package dev.lakehouse.peerflink.job;

import dev.lakehouse.peerflink.enrich.OrderEnrichment;
import dev.lakehouse.peerflink.input.InputRouter;
import dev.lakehouse.peerflink.join.OrderTracker;
import dev.lakehouse.peerflink.model.Input;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.model.Order;
import dev.lakehouse.peerflink.model.Payment;
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
 *   --keyBy input partition--> order tracker: dedup, order-payment join, lateness, per partition clocks
 *        --> order-payments, UNKNOWN_ORDER dead letters, late-events
 *        unique orders --> enrichment (broadcast reference versions) --> orders-enriched
 *        on-time PLACED orders --(watermark: slowest partition)--keyBy currency:merchant--> 1-minute windows
 *        on-time payments --(watermark: slowest partition)--keyBy outcome--> 1-minute windows
 * customers, merchants --> validation --> dead-letters; versions --broadcast--> enrichment
 * </pre>
 *
 * No source emits watermarks: time is each input partition's own stream time, as in the Streams app
 * (the order tracker's clocks); only the windows get a watermark, from the partitions' window
 * stream times ({@link PartitionWatermarks}). All outputs go through one exactly-once Kafka sink.
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
    KeySelector<Order, Integer> orderPartition = order -> partitions.keyOf(order.partition());
    KeySelector<Payment, Integer> paymentPartition = payment -> partitions.keyOf(payment.partition());
    SingleOutputStreamOperator<KafkaOutput> tracked = events.getSideOutput(InputRouter.ORDERS)
        .keyBy(orderPartition, Types.INT)
        .connect(events.getSideOutput(InputRouter.PAYMENTS).keyBy(paymentPartition, Types.INT))
        .process(new OrderTracker(settings)).name("order-tracker").uid("order-tracker");

    DataStream<KafkaOutput> enriched = tracked.getSideOutput(OrderTracker.UNIQUE_ORDERS).connect(versions)
        .process(new OrderEnrichment(settings)).name("orders-enriched").uid("orders-enriched");
    DataStream<KafkaOutput> revenue = windowed(tracked.getSideOutput(OrderTracker.WINDOWED_ORDERS),
        WindowRows.revenue(settings), "revenue-by-merchant-1m", partitions, settings);
    DataStream<KafkaOutput> byOutcome = windowed(tracked.getSideOutput(OrderTracker.WINDOWED_PAYMENTS),
        WindowRows.paymentsByOutcome(settings), "payments-by-outcome-1m", partitions, settings);

    events.union(references, tracked, enriched, revenue, byOutcome)
        .sinkTo(kafka.sink()).name("outputs").uid("outputs");
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
