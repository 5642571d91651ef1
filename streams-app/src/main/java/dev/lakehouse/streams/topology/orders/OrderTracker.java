package dev.lakehouse.streams.topology.orders;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.LakehouseMetrics;
import dev.lakehouse.streams.topology.TopologySettings;
import dev.lakehouse.streams.topology.deadletters.DeadLetters;
import dev.lakehouse.streams.topology.deadletters.ErrorClass;
import dev.lakehouse.streams.topology.deadletters.Violation;
import dev.lakehouse.streams.topology.event.Fields;
import dev.lakehouse.streams.topology.event.Routed;
import dev.lakehouse.streams.topology.event.SourcedEvent;
import dev.lakehouse.streams.topology.ledger.Ledger;
import dev.lakehouse.streams.topology.ledger.Fate;
import dev.lakehouse.streams.topology.ledger.LedgerStep;
import dev.lakehouse.streams.topology.state.StoreTypes;
import dev.lakehouse.streams.topology.state.StreamTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * One store per order id for two jobs that both key by it: dropping producer retries, and joining
 * PLACED orders with SUCCEEDED payments ({@link PaymentJoin}; see TOPOLOGY.md). Orders and payments
 * are both keyed by order_id, so they meet in the same task; each event costs one state write.
 *
 * <p>Time is kept per input ({@link TrackerClocks}): the orders' and the payments' stream times, each
 * the highest event time of its own partition, so that no decision depends on how the task
 * interleaved the two partitions. An event id is remembered for the dedup window of its input's
 * clock from when it was seen, whatever its event time.
 *
 * <p>The state is a window store, so that its retention drops old state segment by segment
 * without a delete per order. Its timestamps are buckets of the latest of the two clocks, each as
 * long as the longest a state must live after its latest change (L = the dedup window, or the join
 * window + grace if longer, plus the max input skew, after which a deadline falls due whatever the
 * other input's clock): a changed state is written into the bucket of the current time, so it is
 * found in that bucket or the one before, by point lookups rather than range scans; the older copy
 * is left to expire with its segment (retention 2L).
 */
final class OrderTracker implements Processor<String, SourcedEvent, String, Routed<SourcedEvent>>, PaymentJoin.Outcomes {
  static final String STATE_STORE = "order-state";
  /** Hints of the orders' deadlines (due on the payments' clock). */
  static final String DEADLINES_STORE = "order-state-deadlines";
  /** Hints of the payments' deadlines (due on the orders' clock). */
  static final String PAYMENT_DEADLINES_STORE = "order-state-payment-deadlines";

  private final TopologySettings settings;
  private final long dedupMs;
  private final long maxSkewMs;
  private final long bucketMs;
  private final boolean ledgerOn;
  private final Map<String, String> windowStreamTimeKeys;
  private final TrackerMemory memory;

  private ProcessorContext<String, Routed<SourcedEvent>> context;
  private OrderStates states;
  private TrackerClocks clocks;
  private PaymentJoin join;
  private Map<String, LedgerStep> ledgerSteps;
  private Map<String, Sensor> duplicates;
  private Sensor extraPayments;
  private Sensor unknownOrders;

  /** @param windowStreamTimeKeys per input topic, the {@link StreamTime} key of the window step it feeds (for the ledger) */
  OrderTracker(TopologySettings settings, Map<String, String> windowStreamTimeKeys) {
    this(settings, windowStreamTimeKeys, TrackerMemory.DEFAULT);
  }

  OrderTracker(TopologySettings settings, Map<String, String> windowStreamTimeKeys, TrackerMemory memory) {
    this.settings = settings;
    this.memory = memory;
    this.dedupMs = settings.dedupWindow().toMillis();
    this.maxSkewMs = settings.paymentJoinMaxInputSkew().toMillis();
    this.bucketMs = stateLifetime(settings).toMillis();
    this.ledgerOn = Ledger.isOn(settings);
    this.windowStreamTimeKeys = windowStreamTimeKeys;
  }

  /** How long a state must stay after its last change: long enough for every deadline and remembered id. */
  static Duration stateLifetime(TopologySettings settings) {
    Duration join = settings.paymentJoinWindow().plus(settings.windowGrace());
    Duration longest = join.compareTo(settings.dedupWindow()) > 0 ? join : settings.dedupWindow();
    return longest.plus(settings.paymentJoinMaxInputSkew());
  }

  static List<StoreBuilder<?>> storeBuilders(StoreTypes stores, TopologySettings settings) {
    // No record cache: almost every order id is written once per state change and rarely again
    // within a commit, so the cache saved few writes and cost a sorted-map lookup on every put,
    // fetch and flush (a sixth more CPU per event once warm, bench/RESULTS.md 2026-12-03).
    // Values are OrderStateSerde's bytes, encoded by OrderStates, which keeps the latest it wrote.
    return List.of(
        Stores.windowStoreBuilder(
            stores.window(STATE_STORE, stateLifetime(settings).multipliedBy(2), Duration.ofMillis(1)),
            Serdes.String(), Serdes.ByteArray()).withCachingDisabled(),
        DeadlineIndex.storeBuilder(stores, DEADLINES_STORE),
        DeadlineIndex.storeBuilder(stores, PAYMENT_DEADLINES_STORE));
  }

  @Override
  public void init(ProcessorContext<String, Routed<SourcedEvent>> context) {
    this.context = context;
    this.states = new OrderStates(context.getStateStore(STATE_STORE), bucketMs, memory.keptStates());
    this.clocks = new TrackerClocks(context.getStateStore(StreamTime.STORE), STATE_STORE,
        settings.paymentJoinMaxInputSkew());
    this.join = new PaymentJoin(settings.paymentJoinWindow().toMillis(), settings.windowGrace().toMillis(),
        new DeadlineIndex(context.getStateStore(DEADLINES_STORE), memory.deadlineHints()),
        new DeadlineIndex(context.getStateStore(PAYMENT_DEADLINES_STORE), memory.deadlineHints()), this);
    this.duplicates = Map.of(
        Topics.ORDERS, LakehouseMetrics.counter(context.metrics(), LakehouseMetrics.DUPLICATES_DROPPED, Topics.ORDERS),
        Topics.PAYMENTS,
        LakehouseMetrics.counter(context.metrics(), LakehouseMetrics.DUPLICATES_DROPPED, Topics.PAYMENTS));
    this.extraPayments = LakehouseMetrics.counter(context.metrics(), LakehouseMetrics.EXTRA_PAYMENTS, Topics.PAYMENTS);
    this.unknownOrders = LakehouseMetrics.counter(context.metrics(), LakehouseMetrics.RECORDS_DEAD_LETTERED,
        Topics.PAYMENTS);
    this.ledgerSteps = Map.of(
        Topics.ORDERS, LedgerStep.in(context, ledgerOn, Topics.ORDERS, Ledger.TRACKER),
        Topics.PAYMENTS, LedgerStep.in(context, ledgerOn, Topics.PAYMENTS, Ledger.TRACKER));
    if (ledgerOn) {
      Ledger ledger = new Ledger(context, windowStreamTimeKeys);
      context.schedule(settings.ledgerInterval(), PunctuationType.WALL_CLOCK_TIME, wallClock -> ledger.takeRows(wallClock)
          .forEach(row -> context.forward(new Record<>(Ledger.rowKey(row), Routed.<SourcedEvent>divert(row), wallClock))));
    }
    rebuildDerivedState();
  }

  /** Fills the deadline indexes and the stored ids from the order state, in one scan. */
  private void rebuildDerivedState() {
    join.clearDeadlines();
    long ordersDue = clocks.started() ? clocks.ordersDue() : Long.MIN_VALUE;
    long paymentsDue = clocks.started() ? clocks.paymentsDue() : Long.MIN_VALUE;
    states.load((orderId, state) -> join.addOpen(orderId, state, ordersDue, paymentsDue));
  }

  @Override
  public void process(Record<String, SourcedEvent> record) {
    SourcedEvent event = record.value();
    String topic = event.lineage().topic();
    advanceClocks(topic, record.timestamp());
    String orderId = record.key();
    long latest = clocks.latest();
    OrderState state = states.latest(orderId, latest - bucketMs, latest);
    String eventId = event.text(Fields.EVENT_ID);
    long offset = event.lineage().offset();
    long seenAt = clocks.of(topic);
    if (state.seenSince(eventId, seenAt - dedupMs)) {
      duplicates.get(topic).record();
      ledgerSteps.get(topic).read(offset, Fate.DUPLICATE_DROPPED);
      return;
    }
    // an id is kept while its own input's clock may still be within the dedup window of it
    state.remember(eventId, seenAt, latest - maxSkewMs - dedupMs, clocks.ordersDue(), clocks.paymentsDue());
    boolean placedOrder = Topics.ORDERS.equals(topic) && TopologySettings.PLACED.equals(event.text(Fields.STATUS));
    // PLACED orders and all payments go on to their window step
    if (placedOrder || Topics.PAYMENTS.equals(topic)) {
      ledgerSteps.get(topic).read(offset, Fate.KEPT, Fate.WINDOW_INPUT);
    } else {
      ledgerSteps.get(topic).read(offset, Fate.KEPT);
    }
    context.forward(record.withValue(Routed.keep(event)));
    if (placedOrder) {
      join.place(state, orderId, event, seenAt, clocks.ordersDue());
    } else if (Topics.PAYMENTS.equals(topic) && TopologySettings.SUCCEEDED.equals(event.text(Fields.OUTCOME))) {
      join.pay(state, orderId, event, seenAt, clocks.paymentsDue());
    }
    states.put(orderId, state, latest);
  }

  /** Moves the record's input clock, then emits what fell due on either input's time meanwhile. */
  private void advanceClocks(String topic, long time) {
    if (!clocks.started()) {
      clocks.advance(topic, time);
      return;
    }
    long latestBefore = clocks.latest();
    long ordersDueBefore = clocks.ordersDue();
    long paymentsDueBefore = clocks.paymentsDue();
    clocks.advance(topic, time);
    long latest = clocks.latest();
    Function<String, OrderState> stateOf = orderId -> states.latest(orderId, latestBefore - bucketMs, latest);
    if (clocks.ordersDue() > ordersDueBefore) {
      join.resolveOrders(ordersDueBefore, clocks.ordersDue(), stateOf);
    }
    if (clocks.paymentsDue() > paymentsDueBefore) {
      join.resolvePayments(paymentsDueBefore, clocks.paymentsDue(), stateOf);
    }
    if (latest > latestBefore) {
      states.forgetBefore(latest - bucketMs);
    }
  }

  @Override
  public void paid(String orderId, SourcedEvent order, SourcedEvent payment) {
    GenericRecord row = OrderPaymentRows.paid(order, payment, context.currentSystemTimeMs());
    context.forward(new Record<>(orderId, Routed.divert(row), payment.eventTime()));
  }

  @Override
  public void extraPayment() {
    extraPayments.record();
  }

  @Override
  public void unpaid(String orderId, SourcedEvent order) {
    GenericRecord row = OrderPaymentRows.unpaid(order, settings.paymentJoinWindow(), context.currentSystemTimeMs());
    context.forward(new Record<>(orderId, Routed.divert(row),
        order.eventTime() + settings.paymentJoinWindow().toMillis()));
  }

  @Override
  public void unknownOrder(String orderId, SourcedEvent payment) {
    Violation violation = OrderPaymentRows.unknownOrder(payment, settings.paymentJoinWindow());
    unknownOrders.record();
    ledgerSteps.get(Topics.PAYMENTS).count(Fate.deadLettered(ErrorClass.UNKNOWN_ORDER));
    GenericRecord row = DeadLetters.row(violation, payment.lineage(), orderId, null,
        Instant.ofEpochMilli(payment.eventTime()), context.currentSystemTimeMs());
    context.forward(new Record<>(orderId, Routed.<SourcedEvent>divert(row), payment.eventTime(),
        DeadLetters.headers(new RecordHeaders(), violation, payment.lineage())));
  }
}
