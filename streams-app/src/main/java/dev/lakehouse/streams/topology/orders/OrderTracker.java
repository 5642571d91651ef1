package dev.lakehouse.streams.topology.orders;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.LakehouseMetrics;
import dev.lakehouse.streams.topology.TopologySettings;
import dev.lakehouse.streams.topology.deadletters.DeadLetters;
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
 * PLACED orders with SUCCEEDED payments (see TOPOLOGY.md). Orders and payments are both keyed by
 * order_id, so they meet in the same task; each event costs one state write.
 *
 * <p>Time is the stream time of the task (highest event time of the orders and payments it kept).
 * An event id is remembered for the dedup window from when it was seen, whatever its event time.
 * A PLACED order at time t is paid by the first successful payment in [t, t + join window] that
 * arrives before its deadline max(t + join window, arrival) + grace; when stream time passes the
 * deadline unpaid, it is UNPAID. A successful payment that matched no order by its deadline
 * max(its time, arrival) + grace becomes an UNKNOWN_ORDER dead letter.
 *
 * <p>The state is a window store, so that its retention drops old state segment by segment
 * without a delete per order. Its timestamps are buckets of stream time, each as long as the
 * longest a state must live after its latest change (R = dedup window, or join window + grace if
 * longer): a changed state is written into the bucket of the current stream time, so it is found
 * in that bucket or the one before, by point lookups rather than range scans; the older copy is
 * left to expire with its segment (retention 2R).
 */
final class OrderTracker implements Processor<String, SourcedEvent, String, Routed<SourcedEvent>> {
  static final String STATE_STORE = "order-state";
  static final String DEADLINES_STORE = "order-state-deadlines";

  private final long dedupMs;
  private final Duration joinWindow;
  private final long joinWindowMs;
  private final long graceMs;
  private final long bucketMs;
  private final boolean ledgerOn;
  private final Duration ledgerInterval;
  private final Map<String, String> windowStreamTimeKeys;
  private final TrackerMemory memory;

  private ProcessorContext<String, Routed<SourcedEvent>> context;
  private OrderStates states;
  private DeadlineIndex deadlines;
  private StreamTime streamTime;
  private Map<String, LedgerStep> ledgerSteps;
  private Map<String, Sensor> duplicates;
  private Sensor extraPayments;
  private Sensor unknownOrders;

  /** @param windowStreamTimeKeys per input topic, the {@link StreamTime} key of the window step it feeds (for the ledger) */
  OrderTracker(TopologySettings settings, Map<String, String> windowStreamTimeKeys) {
    this(settings, windowStreamTimeKeys, TrackerMemory.DEFAULT);
  }

  OrderTracker(TopologySettings settings, Map<String, String> windowStreamTimeKeys, TrackerMemory memory) {
    this.memory = memory;
    this.dedupMs = settings.dedupWindow().toMillis();
    this.joinWindow = settings.paymentJoinWindow();
    this.joinWindowMs = joinWindow.toMillis();
    this.graceMs = settings.windowGrace().toMillis();
    this.bucketMs = stateLifetime(settings).toMillis();
    this.ledgerOn = Ledger.isOn(settings);
    this.ledgerInterval = settings.ledgerInterval();
    this.windowStreamTimeKeys = windowStreamTimeKeys;
  }

  /** How long a state must stay after its last change: long enough for every deadline and remembered id. */
  static Duration stateLifetime(TopologySettings settings) {
    Duration join = settings.paymentJoinWindow().plus(settings.windowGrace());
    return join.compareTo(settings.dedupWindow()) > 0 ? join : settings.dedupWindow();
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
        DeadlineIndex.storeBuilder(stores, DEADLINES_STORE));
  }

  @Override
  public void init(ProcessorContext<String, Routed<SourcedEvent>> context) {
    this.context = context;
    this.states = new OrderStates(context.getStateStore(STATE_STORE), bucketMs, memory.keptStates());
    this.deadlines = new DeadlineIndex(context.getStateStore(DEADLINES_STORE), memory.deadlineHints());
    this.streamTime = new StreamTime(context.getStateStore(StreamTime.STORE), STATE_STORE);
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
      context.schedule(ledgerInterval, PunctuationType.WALL_CLOCK_TIME, wallClock -> ledger.takeRows(wallClock)
          .forEach(row -> context.forward(new Record<>(Ledger.rowKey(row), Routed.<SourcedEvent>divert(row), wallClock))));
    }
    long now = streamTime.current();
    rebuildDerivedState(now == StreamTime.NONE ? 0L : now);
  }

  /** Fills the deadline index and the stored ids from the order state, in one scan. */
  private void rebuildDerivedState(long from) {
    deadlines.clear();
    states.load((orderId, state) -> deadlines.addOpen(orderId, state, from));
  }

  @Override
  public void process(Record<String, SourcedEvent> record) {
    long previous = streamTime.current();
    long now = streamTime.advance(record.timestamp());
    if (now > previous && previous != StreamTime.NONE) {
      resolveDeadlines(previous, now);
      states.forgetBefore(now - bucketMs);
    }
    SourcedEvent event = record.value();
    String orderId = record.key();
    String topic = event.lineage().topic();
    OrderState state = states.latest(orderId, now - bucketMs, now);
    String eventId = event.text(Fields.EVENT_ID);
    long offset = event.lineage().offset();
    if (state.seenSince(eventId, now - dedupMs)) {
      duplicates.get(topic).record();
      ledgerSteps.get(topic).read(offset, Fate.DUPLICATE_DROPPED);
      return;
    }
    state.remember(eventId, now, now - dedupMs);
    boolean placedOrder = Topics.ORDERS.equals(topic) && TopologySettings.PLACED.equals(event.text(Fields.STATUS));
    // PLACED orders and all payments go on to their window step
    if (placedOrder || Topics.PAYMENTS.equals(topic)) {
      ledgerSteps.get(topic).read(offset, Fate.KEPT, Fate.WINDOW_INPUT);
    } else {
      ledgerSteps.get(topic).read(offset, Fate.KEPT);
    }
    context.forward(record.withValue(Routed.keep(event)));
    if (placedOrder) {
      place(state, orderId, event, now);
    } else if (Topics.PAYMENTS.equals(topic) && TopologySettings.SUCCEEDED.equals(event.text(Fields.OUTCOME))) {
      pay(state, orderId, event, now);
    }
    states.put(orderId, state, now);
  }

  /** A new PLACED order takes the successful payments already waiting in its window; the first pays it. */
  private void place(OrderState state, String orderId, SourcedEvent order, long now) {
    long time = order.eventTime();
    boolean paid = false;
    for (OrderState.WaitingPayment waiting : state.payments) {
      long paidAt = waiting.payment.eventTime();
      if (paidAt >= time && paidAt <= time + joinWindowMs) {
        if (!waiting.matched) {
          waiting.matched = true;
          stopWaiting(state, orderId, waiting.deadline);
        }
        paid = payOnce(orderId, order, waiting.payment, paid);
      }
    }
    long deadline = Math.max(time + joinWindowMs, now) + graceMs;
    state.orders.add(new OrderState.WaitingOrder(order, deadline, paid));
    if (!paid) {
      deadlines.add(deadline, orderId);
    }
  }

  /** A new successful payment pays every open PLACED order whose window holds it, once each. */
  private void pay(OrderState state, String orderId, SourcedEvent payment, long now) {
    long paidAt = payment.eventTime();
    boolean matched = false;
    for (OrderState.WaitingOrder waiting : state.orders) {
      long time = waiting.order.eventTime();
      if (paidAt >= time && paidAt <= time + joinWindowMs) {
        matched = true;
        boolean wasPaid = waiting.paid;
        waiting.paid = payOnce(orderId, waiting.order, payment, wasPaid);
        if (!wasPaid) {
          stopWaiting(state, orderId, waiting.deadline);
        }
      }
    }
    long deadline = Math.max(paidAt, now) + graceMs;
    state.payments.add(new OrderState.WaitingPayment(payment, deadline, matched));
    if (!matched) {
      deadlines.add(deadline, orderId);
    }
  }

  /** An order or payment of the order id no longer waits for its deadline: drops the hint, unless another one does. */
  private void stopWaiting(OrderState state, String orderId, long deadline) {
    if (!state.waitsUntil(deadline)) {
      deadlines.remove(deadline, orderId);
    }
  }

  /** Emits PAID unless the order is already paid (then the payment is an extra one); returns true. */
  private boolean payOnce(String orderId, SourcedEvent order, SourcedEvent payment, boolean alreadyPaid) {
    if (alreadyPaid) {
      extraPayments.record();
    } else {
      GenericRecord row = OrderPaymentRows.paid(order, payment, context.currentSystemTimeMs());
      context.forward(new Record<>(orderId, Routed.divert(row), payment.eventTime()));
    }
    return true;
  }

  /** Emits what fell due as stream time moved from {@code previous} to {@code now}: deadlines in [previous, now). */
  private void resolveDeadlines(long previous, long now) {
    for (String orderId : deadlines.takeBefore(now)) {
      OrderState state = states.latest(orderId, previous - bucketMs, now);
      for (OrderState.WaitingOrder waiting : state.orders) {
        if (!waiting.paid && waiting.deadline >= previous && waiting.deadline < now) {
          GenericRecord row = OrderPaymentRows.unpaid(waiting.order, joinWindow, context.currentSystemTimeMs());
          context.forward(new Record<>(orderId, Routed.divert(row), waiting.order.eventTime() + joinWindowMs));
        }
      }
      for (OrderState.WaitingPayment waiting : state.payments) {
        if (!waiting.matched && waiting.deadline >= previous && waiting.deadline < now) {
          unknownOrder(orderId, waiting.payment);
        }
      }
    }
  }

  private void unknownOrder(String orderId, SourcedEvent payment) {
    Violation violation = OrderPaymentRows.unknownOrder(payment, joinWindow);
    unknownOrders.record();
    GenericRecord row = DeadLetters.row(violation, payment.lineage(), orderId, null,
        Instant.ofEpochMilli(payment.eventTime()), context.currentSystemTimeMs());
    context.forward(new Record<>(orderId, Routed.<SourcedEvent>divert(row), payment.eventTime(),
        DeadLetters.headers(new RecordHeaders(), violation, payment.lineage())));
  }
}
