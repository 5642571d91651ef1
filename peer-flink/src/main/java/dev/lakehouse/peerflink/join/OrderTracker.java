package dev.lakehouse.peerflink.join;

import dev.lakehouse.peerflink.job.JobSettings;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.enrich.OrderEnrichment;
import dev.lakehouse.peerflink.model.Order;
import dev.lakehouse.peerflink.model.OrderOrPayment;
import dev.lakehouse.peerflink.model.Payment;
import dev.lakehouse.peerflink.model.ReferenceVersion;
import dev.lakehouse.peerflink.model.TimedAmount;
import dev.lakehouse.peerflink.model.Violation;
import dev.lakehouse.peerflink.output.ContractRows;
import dev.lakehouse.peerflink.output.DeadLetterRows;
import dev.lakehouse.peerflink.output.OutputEncoder;
import dev.lakehouse.peerflink.window.LateEvents;
import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * The Streams app's order tracker on Flink: keyed by input partition ({@link
 * dev.lakehouse.peerflink.job.PartitionKeys}), so that, like a Kafka Streams task, it owns partition
 * n of {@code orders} and of {@code payments} and keeps each input's own clock ({@link
 * TrackerClocks}). Per order id (one map state entry) it drops producer retries and joins PLACED
 * orders with successful payments ({@link PaymentJoin}); it enriches every unique order with the
 * broadcast reference versions ({@link OrderEnrichment}: no shuffle of the orders to an enrichment
 * operator) and passes PLACED orders and all payments on to their windows, or, when their window's
 * end + grace is at or before their partition's window stream time, to {@code late-events}. Its
 * outputs go to a sink chained to it.
 *
 * <p>Deadlines fall due when a record moves a clock past them, never by a timer: as in the Streams
 * app, a partition's time moves only with its records. Which ids are due when is kept in memory
 * ({@link Hints}) and rebuilt from the state at the first record of a partition after a (re)start.
 */
public final class OrderTracker extends KeyedBroadcastProcessFunction<Integer, OrderOrPayment, ReferenceVersion, KafkaOutput>
    implements PaymentJoin.Outcomes, CheckpointedFunction {
  public static final OutputTag<Order> WINDOWED_ORDERS =
      new OutputTag<>("windowed-orders", TypeInformation.of(Order.class));
  public static final OutputTag<Payment> WINDOWED_PAYMENTS =
      new OutputTag<>("windowed-payments", TypeInformation.of(Payment.class));

  private final JobSettings settings;
  private final long windowMs;
  private final long dedupMs;
  private final long maxSkewMs;
  private final PaymentJoin join;
  private final LateEvents lateEvents;
  private final OrderEnrichment enrichment;
  private final OutputEncoder encoder;

  private transient MapState<String, OrderIdState> orderIds;
  /** Per partition key: its clocks (operator state: written once per checkpoint, not per record) and its hints. */
  private transient Map<Integer, TrackerClocks> clocks;
  private transient ListState<PartitionClocks> checkpointedClocks;
  private transient Map<Integer, Hints> hints;
  private transient Collector<KafkaOutput> out;
  private transient long now;

  public OrderTracker(JobSettings settings) {
    this.settings = settings;
    this.windowMs = settings.paymentJoinWindow().toMillis();
    this.dedupMs = settings.dedupWindow().toMillis();
    this.maxSkewMs = settings.paymentJoinMaxInputSkew().toMillis();
    this.join = new PaymentJoin(windowMs, settings.windowGrace().toMillis());
    this.lateEvents = new LateEvents(settings);
    this.enrichment = new OrderEnrichment(settings);
    this.encoder = new OutputEncoder(settings);
  }

  /** One partition key's clocks in a checkpoint. */
  public record PartitionClocks(int key, TrackerClocks clocks) {}

  /**
   * Restores every partition's clocks (union state: a subtask keeps those of the partitions it owns
   * now, whichever subtask wrote them); clocks only move forward, so of two copies the later wins.
   */
  @Override
  public void initializeState(FunctionInitializationContext context) throws Exception {
    checkpointedClocks = context.getOperatorStateStore()
        .getUnionListState(new ListStateDescriptor<>("tracker-clocks", PartitionClocks.class));
    clocks = new HashMap<>();
    for (PartitionClocks restored : checkpointedClocks.get()) {
      clocks.merge(restored.key(), restored.clocks(), TrackerClocks::latest);
    }
  }

  @Override
  public void snapshotState(FunctionSnapshotContext context) throws Exception {
    checkpointedClocks.update(clocks.entrySet().stream()
        .map(entry -> new PartitionClocks(entry.getKey(), entry.getValue())).toList());
  }

  @Override
  public void open(OpenContext context) {
    orderIds = getRuntimeContext().getMapState(new MapStateDescriptor<>("order-ids", String.class, OrderIdState.class));
    hints = new HashMap<>();
  }

  @Override
  public void processElement(OrderOrPayment event, ReadOnlyContext context, Collector<KafkaOutput> out)
      throws Exception {
    if (event.order() != null) {
      track(event.order(), context, out);
    } else {
      track(event.payment(), context, out);
    }
  }

  @Override
  public void processBroadcastElement(ReferenceVersion version, Context context, Collector<KafkaOutput> out)
      throws Exception {
    enrichment.add(context.getBroadcastState(OrderEnrichment.VERSIONS), version);
  }

  private void track(Order order, ReadOnlyContext context, Collector<KafkaOutput> out) throws Exception {
    OrderIdState state = track(true, order.orderId(), order.eventId(), order.eventTime(), context, out);
    if (state == null) {
      return;
    }
    out.collect(enrichment.row(order, context.getBroadcastState(OrderEnrichment.VERSIONS), now));
    TrackerClocks partition = clocks.get(context.getCurrentKey());
    if (order.isPlaced()) {
      window(order, true, WINDOWED_ORDERS, context);
      join.place(state, order, partition.orders(), partition.ordersDue(maxSkewMs), hints(context), this);
    }
    store(order.orderId(), state, context);
  }

  private void track(Payment payment, ReadOnlyContext context, Collector<KafkaOutput> out) throws Exception {
    OrderIdState state = track(false, payment.orderId(), payment.eventId(), payment.eventTime(), context, out);
    if (state == null) {
      return;
    }
    window(payment, false, WINDOWED_PAYMENTS, context);
    if (payment.succeeded()) {
      TrackerClocks partition = clocks.get(context.getCurrentKey());
      join.pay(state, payment, partition.payments(), partition.paymentsDue(maxSkewMs), hints(context), this);
    }
    store(payment.orderId(), state, context);
  }

  /**
   * Moves the record's input clock and resolves what fell due, then drops the record if its event id
   * was seen within the dedup window of its input's clock (returns null) or remembers it and returns
   * its order id's state, without what is no longer needed.
   */
  private OrderIdState track(boolean order, String orderId, String eventId, long time, ReadOnlyContext context,
      Collector<KafkaOutput> out) throws Exception {
    this.out = out;
    this.now = context.timerService().currentProcessingTime();
    Integer partition = context.getCurrentKey();
    Hints partitionHints = hints(context); // before the clocks move: rebuilt as of their time
    TrackerClocks before = clocksOf(partition);
    TrackerClocks after = before.advance(order, time);
    if (!after.equals(before)) {
      setClocks(partition, after);
      resolveDue(before, after, partitionHints);
    }
    OrderIdState state = orderIds.get(orderId);
    if (state == null) {
      state = new OrderIdState();
    }
    long seenAt = after.of(order);
    if (state.seenSince(eventId, seenAt - dedupMs)) {
      return null;
    }
    state.forget(after.latest() - maxSkewMs - dedupMs, after.ordersDue(maxSkewMs), after.paymentsDue(maxSkewMs));
    state.remember(eventId, seenAt);
    return state;
  }

  /**
   * Emits UNPAID and UNKNOWN_ORDER for the deadlines the clocks passed and forgets what is over: each
   * order id with a hint before its clock's new time is settled once.
   */
  private void resolveDue(TrackerClocks before, TrackerClocks after, Hints partitionHints) throws Exception {
    long ordersDue = after.ordersDue(maxSkewMs);
    long paymentsDue = after.paymentsDue(maxSkewMs);
    Set<String> due = new LinkedHashSet<>();
    if (ordersDue > before.ordersDue(maxSkewMs)) {
      due.addAll(partitionHints.orderDeadlines().takeBefore(ordersDue));
    }
    if (paymentsDue > before.paymentsDue(maxSkewMs)) {
      due.addAll(partitionHints.paymentDeadlines().takeBefore(paymentsDue));
    }
    if (after.latest() > before.latest()) {
      due.addAll(partitionHints.forgetting().takeBefore(after.latest()));
    }
    for (String orderId : due) {
      OrderIdState state = orderIds.get(orderId);
      if (state == null) {
        continue;
      }
      PaymentJoin.resolveOrders(state, ordersDue, this);
      PaymentJoin.resolvePayments(state, paymentsDue, this);
      state.forget(after.latest() - maxSkewMs - dedupMs, ordersDue, paymentsDue);
      if (state.isEmpty()) {
        orderIds.remove(orderId);
      } else {
        orderIds.put(orderId, state);
        partitionHints.forgetting().add(state.forgottenAfter(dedupMs, maxSkewMs), orderId);
      }
    }
  }

  private void store(String orderId, OrderIdState state, ReadOnlyContext context) throws Exception {
    orderIds.put(orderId, state);
    hints(context).forgetting().add(state.forgottenAfter(dedupMs, maxSkewMs), orderId);
  }

  /** Sends a unique event to its window, or to late-events when its partition's window step closed that window. */
  private <T extends TimedAmount> void window(T event, boolean order, OutputTag<T> windowed, ReadOnlyContext context)
      throws Exception {
    Integer partition = context.getCurrentKey();
    TrackerClocks advanced = clocksOf(partition).advanceWindow(order, event.eventTime());
    setClocks(partition, advanced);
    long streamTime = order ? advanced.placedOrders() : advanced.uniquePayments();
    if (lateEvents.isLate(event, streamTime)) {
      out.collect(lateEvents.row(event, streamTime, now));
    } else {
      context.output(windowed, event);
    }
  }

  private TrackerClocks clocksOf(Integer partition) {
    return clocks.getOrDefault(partition, TrackerClocks.START);
  }

  private void setClocks(Integer partition, TrackerClocks updated) {
    clocks.put(partition, updated);
  }

  /** The partition's hints, rebuilt from its state at its first record since this subtask started. */
  private Hints hints(ReadOnlyContext context) throws Exception {
    Integer partition = context.getCurrentKey();
    Hints known = hints.get(partition);
    if (known == null) {
      known = Hints.empty();
      TrackerClocks current = clocksOf(partition);
      for (Map.Entry<String, OrderIdState> entry : orderIds.entries()) {
        known.addAll(entry.getKey(), entry.getValue(), current.ordersDue(maxSkewMs), current.paymentsDue(maxSkewMs),
            entry.getValue().forgottenAfter(dedupMs, maxSkewMs));
      }
      hints.put(partition, known);
    }
    return known;
  }

  @Override
  public void paid(Order order, Payment payment) {
    out.collect(encoder.encode(Topics.ORDER_PAYMENTS, order.orderId(),
        ContractRows.orderPayment(order, payment, payment.eventTime(), now)));
  }

  @Override
  public void unpaid(Order order) {
    out.collect(encoder.encode(Topics.ORDER_PAYMENTS, order.orderId(),
        ContractRows.orderPayment(order, null, order.eventTime() + windowMs, now)));
  }

  @Override
  public void unknownOrder(Payment payment) {
    Violation violation = Violation.rule("UNKNOWN_ORDER", "successful payment " + payment.paymentId() + " of order "
        + payment.orderId() + " has no PLACED order in the " + Duration.ofMillis(windowMs)
        + " before it: check the order producer (the payment is still counted in payments-by-outcome-1m)");
    out.collect(encoder.encode(Topics.DEAD_LETTERS, payment.orderId(),
        DeadLetterRows.row(violation, Topics.PAYMENTS, payment.partition(), payment.offset(), payment.orderId(), null,
            payment.eventTime(), now),
        DeadLetterRows.headers(violation, Topics.PAYMENTS, payment.partition(), payment.offset(), null, null)));
  }
}
