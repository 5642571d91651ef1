package dev.lakehouse.peerflink.job;

import dev.lakehouse.peerflink.enrich.OrderEnrichment;
import dev.lakehouse.peerflink.input.InputRouter;
import dev.lakehouse.peerflink.join.OrderPaymentJoin;
import dev.lakehouse.peerflink.model.Input;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.model.Order;
import dev.lakehouse.peerflink.model.Payment;
import dev.lakehouse.peerflink.model.ReferenceVersion;
import dev.lakehouse.peerflink.model.TimedAmount;
import dev.lakehouse.peerflink.window.LateEvents;
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
import org.apache.flink.util.OutputTag;

/**
 * The Streams app's job as a Flink dataflow (every operator has a stable uid, so a checkpoint
 * restores into the same graph):
 *
 * <pre>
 * orders, payments --(watermarks per partition)--> validation --> dead-letters
 *   --keyBy order_id--> dedup + order-payment join --> order-payments, UNKNOWN_ORDER dead letters
 *        unique orders --> enrichment (broadcast reference versions) --> orders-enriched
 *        unique PLACED orders --keyBy currency:merchant--> 1-minute windows --> revenue-by-merchant-1m
 *        unique payments --keyBy outcome--> 1-minute windows --> payments-by-outcome-1m
 *        (late for their window --> late-events)
 * customers, merchants --> validation --> dead-letters; versions --broadcast--> enrichment
 * </pre>
 *
 * All outputs go through one exactly-once Kafka sink.
 */
public final class PeerJob {
  public static final String NAME = "lakehouse-peer-flink";

  private PeerJob() {}

  public static void build(StreamExecutionEnvironment env, JobSettings settings, KafkaIo kafka) {
    // per partition: the highest event time minus the grace, so a window fires once when stream time passes end + grace
    WatermarkStrategy<Input> eventTime = WatermarkStrategy.<Input>forBoundedOutOfOrderness(settings.windowGrace())
        .withTimestampAssigner((input, kafkaTimestamp) -> input.watermarkTimestamp());
    SingleOutputStreamOperator<KafkaOutput> events = env
        .fromSource(kafka.source("events", List.of(Topics.ORDERS, Topics.PAYMENTS), settings), eventTime, "events")
        .uid("events-source")
        .process(new InputRouter(settings)).name("events-validation").uid("events-validation");
    // reference versions are looked up as of an order's time, never windowed: they hold no watermark back
    SingleOutputStreamOperator<KafkaOutput> references = env
        .fromSource(kafka.source("references", List.of(Topics.CUSTOMERS, Topics.MERCHANTS), settings),
            WatermarkStrategy.noWatermarks(), "references")
        .uid("references-source")
        .process(new InputRouter(settings)).name("references-validation").uid("references-validation");
    BroadcastStream<ReferenceVersion> versions =
        references.getSideOutput(InputRouter.REFERENCES).broadcast(OrderEnrichment.VERSIONS);

    SingleOutputStreamOperator<KafkaOutput> orderPayments = events.getSideOutput(InputRouter.ORDERS)
        .keyBy(Order::orderId)
        .connect(events.getSideOutput(InputRouter.PAYMENTS).keyBy(Payment::orderId))
        .process(new OrderPaymentJoin(settings)).name("dedup-and-order-payments").uid("dedup-and-order-payments");
    DataStream<Order> orders = orderPayments.getSideOutput(OrderPaymentJoin.UNIQUE_ORDERS);
    DataStream<Payment> payments = orderPayments.getSideOutput(OrderPaymentJoin.UNIQUE_PAYMENTS);

    DataStream<KafkaOutput> enriched = orders.connect(versions)
        .process(new OrderEnrichment(settings)).name("orders-enriched").uid("orders-enriched");
    DataStream<KafkaOutput> revenue = windowed(orders.filter(Order::isPlaced).name("placed-orders").uid("placed-orders"),
        WindowRows.revenue(settings), "revenue-by-merchant-1m", settings);
    DataStream<KafkaOutput> byOutcome =
        windowed(payments, WindowRows.paymentsByOutcome(settings), "payments-by-outcome-1m", settings);

    events.union(references, orderPayments, enriched, revenue, byOutcome)
        .sinkTo(kafka.sink()).name("outputs").uid("outputs");
  }

  /** Final totals per key and 1-minute window, emitted once; events too late for their window become late-event rows. */
  private static <T extends TimedAmount> DataStream<KafkaOutput> windowed(DataStream<T> events, WindowRows rows,
      String name, JobSettings settings) {
    OutputTag<T> late = new OutputTag<>(name + "-late", events.getType());
    KeySelector<T, String> windowKey = TimedAmount::windowKey;
    SingleOutputStreamOperator<KafkaOutput> closed = events
        .keyBy(windowKey, Types.STRING)
        .window(TumblingEventTimeWindows.of(JobSettings.WINDOW_SIZE))
        .sideOutputLateData(late)
        .aggregate(new TotalsAggregate<>(), rows).name(name).uid(name);
    DataStream<KafkaOutput> lateRows = closed.getSideOutput(late)
        .process(new LateEvents<T>(settings)).returns(KafkaOutput.class).name(name + "-late").uid(name + "-late");
    return closed.union(lateRows);
  }
}
