package dev.lakehouse.peerflink.join;

import dev.lakehouse.peerflink.job.JobSettings;
import dev.lakehouse.peerflink.job.StreamTime;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.model.Order;
import dev.lakehouse.peerflink.model.Payment;
import dev.lakehouse.peerflink.model.Violation;
import dev.lakehouse.peerflink.output.ContractRows;
import dev.lakehouse.peerflink.output.DeadLetterRows;
import dev.lakehouse.peerflink.output.OutputEncoder;
import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * Per order_id (orders and payments are both keyed by it): drops retried duplicates, passes the
 * unique events on to the enrichment and the windows (side outputs), and joins PLACED orders with
 * SUCCEEDED payments whose event time lies in [order time, order time + payment join window].
 *
 * <p>The first successful payment of an order gives PAID (event time = payment time, lineage =
 * the payment); later ones are dropped. An order still unpaid at its deadline gives UNPAID (event
 * time = order time + window, lineage = the order). A successful payment that no order joined by
 * its deadline becomes an UNKNOWN_ORDER dead letter. The deadlines are the Streams app's: an order
 * at time t seen at stream time s waits until stream time passes max(t + window, s) + grace, a
 * payment at time p until it passes max(p, s) + grace, so an order far behind stream time (a
 * backfill) still gets a grace for its payment. The timers are set at max(t + window, s) and
 * max(p, s) and fire once the watermark, which trails the slowest partition by the grace, reaches
 * them.
 *
 * <p>Retries are dropped as the Streams app drops them: an event_id is remembered for the dedup
 * window of stream time counted from when it was seen, whatever its own event time, so the retry of
 * an event far behind (a late one, a backfill) is dropped too; a copy arriving once stream time has
 * moved on by the dedup window passes again.
 */
public final class OrderPaymentJoin extends KeyedCoProcessFunction<String, Order, Payment, KafkaOutput> {
  public static final OutputTag<Order> UNIQUE_ORDERS = new OutputTag<>("unique-orders", TypeInformation.of(Order.class));
  public static final OutputTag<Payment> UNIQUE_PAYMENTS =
      new OutputTag<>("unique-payments", TypeInformation.of(Payment.class));
  private static final Comparator<Payment> FIRST_ARRIVED =
      Comparator.comparingLong(Payment::eventTime).thenComparingInt(Payment::partition).thenComparingLong(Payment::offset);

  private final JobSettings settings;
  private final long windowMs;
  private final long dedupWindowMs;
  /** event_id -> the watermark at which it is forgotten. */
  private transient MapState<String, Long> seenEventIds;
  private transient MapState<String, OpenOrder> openOrders;
  private transient MapState<String, OpenPayment> openPayments;
  private final OutputEncoder encoder;

  public OrderPaymentJoin(JobSettings settings) {
    this.settings = settings;
    this.windowMs = settings.paymentJoinWindow().toMillis();
    this.dedupWindowMs = settings.dedupWindow().toMillis();
    this.encoder = new OutputEncoder(settings);
  }

  @Override
  public void open(OpenContext context) {
    seenEventIds = getRuntimeContext().getMapState(new MapStateDescriptor<>("seen-event-ids", String.class, Long.class));
    openOrders = getRuntimeContext().getMapState(new MapStateDescriptor<>("open-orders", String.class, OpenOrder.class));
    openPayments =
        getRuntimeContext().getMapState(new MapStateDescriptor<>("open-payments", String.class, OpenPayment.class));
  }

  @Override
  public void processElement1(Order order, Context context, Collector<KafkaOutput> out) throws Exception {
    if (!passedOnOnce(order.eventId(), order.eventTime(), UNIQUE_ORDERS, order, context) || !order.isPlaced()) {
      return;
    }
    List<Map.Entry<String, OpenPayment>> matches = new ArrayList<>();
    for (Map.Entry<String, OpenPayment> open : openPayments.entries()) {
      if (inWindow(order, open.getValue().payment())) {
        matches.add(open);
      }
    }
    matches.sort(Map.Entry.comparingByValue(Comparator.comparing(OpenPayment::payment, FIRST_ARRIVED)));
    for (Map.Entry<String, OpenPayment> match : matches) {
      OpenPayment open = match.getValue();
      openPayments.put(match.getKey(), new OpenPayment(open.payment(), open.deadline(), true));
    }
    if (!matches.isEmpty()) {
      emitPaid(order, matches.get(0).getValue().payment(), context, out);
    }
    long deadline = Math.max(order.eventTime() + windowMs, streamTime(order.eventTime(), context));
    openOrders.put(order.eventId(), new OpenOrder(order, deadline, !matches.isEmpty()));
    context.timerService().registerEventTimeTimer(deadline);
  }

  @Override
  public void processElement2(Payment payment, Context context, Collector<KafkaOutput> out) throws Exception {
    if (!passedOnOnce(payment.eventId(), payment.eventTime(), UNIQUE_PAYMENTS, payment, context)
        || !payment.succeeded()) {
      return;
    }
    boolean matched = false;
    for (Map.Entry<String, OpenOrder> open : openOrders.entries()) {
      OpenOrder order = open.getValue();
      if (inWindow(order.order(), payment)) {
        matched = true;
        if (!order.paid()) {
          open.setValue(new OpenOrder(order.order(), order.deadline(), true));
          emitPaid(order.order(), payment, context, out);
        }
      }
    }
    long deadline = streamTime(payment.eventTime(), context);
    openPayments.put(payment.eventId(), new OpenPayment(payment, deadline, matched));
    context.timerService().registerEventTimeTimer(deadline);
  }

  @Override
  public void onTimer(long timestamp, OnTimerContext context, Collector<KafkaOutput> out) throws Exception {
    long watermark = context.timerService().currentWatermark();
    long now = context.timerService().currentProcessingTime();
    for (Iterator<Map.Entry<String, OpenOrder>> it = openOrders.iterator(); it.hasNext(); ) {
      OpenOrder open = it.next().getValue();
      if (open.deadline() <= watermark) {
        if (!open.paid()) {
          out.collect(encoder.encode(Topics.ORDER_PAYMENTS, open.order().orderId(),
              ContractRows.orderPayment(open.order(), null, open.order().eventTime() + windowMs, now)));
        }
        it.remove();
      }
    }
    for (Iterator<Map.Entry<String, OpenPayment>> it = openPayments.iterator(); it.hasNext(); ) {
      OpenPayment open = it.next().getValue();
      if (open.deadline() <= watermark) {
        if (!open.matched()) {
          out.collect(unknownOrder(open.payment(), context.getCurrentKey(), now));
        }
        it.remove();
      }
    }
    for (Iterator<Long> it = seenEventIds.values().iterator(); it.hasNext(); ) {
      if (it.next() <= watermark) {
        it.remove();
      }
    }
  }

  /** Passes an event on to the enrichment and the windows unless its event_id was seen; false for a duplicate. */
  private <T> boolean passedOnOnce(String eventId, long eventTime, OutputTag<T> unique, T event, Context context)
      throws Exception {
    if (seenEventIds.contains(eventId)) {
      return false;
    }
    // forgotten once stream time is past the time it was seen + the dedup window
    long forgetAt =
        StreamTime.watermarkOf(streamTime(eventTime, context) + dedupWindowMs + 1, settings.windowGrace());
    seenEventIds.put(eventId, forgetAt);
    context.timerService().registerEventTimeTimer(forgetAt);
    context.output(unique, event);
    return true;
  }

  /** Stream time with this event seen: the watermark's, or the event's time when that is ahead of it. */
  private long streamTime(long eventTime, Context context) {
    return Math.max(StreamTime.ofWatermark(context.timerService().currentWatermark(), settings.windowGrace()),
        eventTime);
  }

  private boolean inWindow(Order order, Payment payment) {
    return payment.eventTime() >= order.eventTime() && payment.eventTime() <= order.eventTime() + windowMs;
  }

  private void emitPaid(Order order, Payment payment, Context context, Collector<KafkaOutput> out) {
    out.collect(encoder.encode(Topics.ORDER_PAYMENTS, order.orderId(),
        ContractRows.orderPayment(order, payment, payment.eventTime(), context.timerService().currentProcessingTime())));
  }

  private KafkaOutput unknownOrder(Payment payment, String orderId, long now) {
    Violation violation = Violation.rule("UNKNOWN_ORDER", "successful payment " + payment.paymentId() + " of order "
        + orderId + " has no PLACED order in the " + Duration.ofMillis(windowMs)
        + " before it: check the order producer (the payment is still counted in payments-by-outcome-1m)");
    return encoder.encode(Topics.DEAD_LETTERS, orderId,
        DeadLetterRows.row(violation, Topics.PAYMENTS, payment.partition(), payment.offset(), orderId, null,
            payment.eventTime(), now),
        DeadLetterRows.headers(violation, Topics.PAYMENTS, payment.partition(), payment.offset(), null, null));
  }

}
