package dev.lakehouse.peerflink.join;

import static dev.lakehouse.peerflink.Events.MINUTE;
import static dev.lakehouse.peerflink.Events.T0;
import static dev.lakehouse.peerflink.Events.order;
import static dev.lakehouse.peerflink.Events.payment;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.peerflink.Events;
import dev.lakehouse.peerflink.model.Order;
import dev.lakehouse.peerflink.model.Payment;
import dev.lakehouse.schemas.Topics;
import java.time.Instant;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The tracker's rules one at a time; {@link OrderTrackerOracleTest} holds it against the Streams app's oracle. */
class OrderTrackerTest {
  private static final long HOUR = 60 * MINUTE;

  private final TrackerHarness tracker;

  OrderTrackerTest() throws Exception {
    tracker = new TrackerHarness(Events.settings());
  }

  @AfterEach
  void close() throws Exception {
    tracker.close();
  }

  @Test
  void aSuccessfulPaymentAfterItsOrderGivesPaidAtOnceWithThePaymentsTimeAndLineage() throws Exception {
    tracker.order(order("e1", "o1", "PLACED", T0, 10)).payment(payment("e2", "o1", "SUCCEEDED", T0 + 5 * MINUTE, 20));

    GenericRecord paid = tracker.rows(Topics.ORDER_PAYMENTS).get(0);
    assertThat(tracker.rows(Topics.ORDER_PAYMENTS)).hasSize(1);
    assertThat(paid.get("status").toString()).isEqualTo("PAID");
    assertThat(paid.get("order_event_id").toString()).isEqualTo("e1");
    assertThat(paid.get("payment_id").toString()).isEqualTo("p-e2");
    assertThat(paid.get("event_time")).isEqualTo(Instant.ofEpochMilli(T0 + 5 * MINUTE));
    assertThat(paid.get("source_topic").toString()).isEqualTo(Topics.PAYMENTS);
    assertThat(paid.get("source_offset")).isEqualTo(20L);
  }

  @Test
  void aPaymentThatArrivesBeforeItsOrderPaysItWhenTheOrderArrives() throws Exception {
    tracker.payment(payment("e2", "o1", "SUCCEEDED", T0 + MINUTE, 20)).order(order("e1", "o1", "PLACED", T0, 10));
    tracker.payment(payment("e3", "x", "DECLINED", T0 + 2 * HOUR, 21)).order(order("e4", "x", "FULFILLED", T0 + 2 * HOUR, 11));

    assertThat(tracker.rows(Topics.ORDER_PAYMENTS)).extracting(r -> r.get("status") + " " + r.get("payment_id"))
        .containsExactly("PAID p-e2");
    assertThat(tracker.rows(Topics.DEAD_LETTERS)).isEmpty();
  }

  @Test
  void anOrderIsUnpaidWhenThePaymentsClockPassesItsDeadlineNotTheOrdersClock() throws Exception {
    tracker.order(order("e1", "o1", "PLACED", T0, 10));
    // the orders' clock at T0 + 35 min, within the max input skew (10 min) of the payments': no verdict
    tracker.payment(payment("e2", "x", "DECLINED", T0 + 30 * MINUTE, 20)).order(order("e3", "y", "FULFILLED",
        T0 + 35 * MINUTE, 11));
    assertThat(tracker.rows(Topics.ORDER_PAYMENTS)).isEmpty();
    // the payments' clock one ms past the deadline, order time + 30 min + grace (2 min)
    tracker.payment(payment("e4", "x", "DECLINED", T0 + 32 * MINUTE + 1, 21));

    GenericRecord unpaid = tracker.rows(Topics.ORDER_PAYMENTS).get(0);
    assertThat(unpaid.get("status").toString()).isEqualTo("UNPAID");
    assertThat(unpaid.get("payment_id")).isNull();
    assertThat(unpaid.get("event_time")).isEqualTo(Instant.ofEpochMilli(T0 + 30 * MINUTE));
    assertThat(unpaid.get("source_topic").toString()).isEqualTo(Topics.ORDERS);
    assertThat(unpaid.get("source_offset")).isEqualTo(10L);
  }

  @Test
  void aDeadlineFallsDueOnTheInputAheadOnceTheOtherRunsMoreThanTheMaxSkewBehind() throws Exception {
    tracker.order(order("e1", "o1", "PLACED", T0, 10));
    tracker.order(order("e2", "y", "FULFILLED", T0 + 42 * MINUTE, 11));
    assertThat(tracker.rows(Topics.ORDER_PAYMENTS)).isEmpty();
    // the payments never started; the orders' clock passed the deadline (T0 + 32 min) by the skew (10 min)
    tracker.order(order("e3", "y", "FULFILLED", T0 + 42 * MINUTE + 1, 12));

    assertThat(tracker.rows(Topics.ORDER_PAYMENTS)).extracting(r -> r.get("status").toString()).containsExactly("UNPAID");
  }

  @Test
  void aBackfillFarBehindItsPartitionStillWaitsTheGraceForItsPaymentAndIsJoined() throws Exception {
    tracker.order(order("e1", "now", "FULFILLED", T0 + 3 * HOUR, 10)).payment(payment("e2", "now", "DECLINED",
        T0 + 3 * HOUR, 20));
    // three hours behind both clocks: deadline max(T0 + 30 min, T0 + 3 h) + grace = T0 + 3 h + 2 min
    tracker.order(order("e3", "o1", "PLACED", T0, 11)).order(order("e4", "o2", "PLACED", T0, 12));
    tracker.payment(payment("e5", "o1", "SUCCEEDED", T0 + 5 * MINUTE, 21));
    assertThat(tracker.rows(Topics.ORDER_PAYMENTS)).extracting(r -> r.get("order_id") + " " + r.get("status"))
        .containsExactly("o1 PAID");
    tracker.payment(payment("e6", "now", "DECLINED", T0 + 3 * HOUR + 2 * MINUTE + 1, 22));

    assertThat(tracker.rows(Topics.ORDER_PAYMENTS)).extracting(r -> r.get("order_id") + " " + r.get("status"))
        .containsExactly("o1 PAID", "o2 UNPAID");
    assertThat(tracker.rows(Topics.DEAD_LETTERS)).isEmpty();
  }

  @Test
  void eachInputPartitionKeepsItsOwnClocks() throws Exception {
    tracker.order(order("e1", "o1", "PLACED", T0, 10));
    // partition 1 runs two hours ahead: partition 0's order keeps waiting
    tracker.order(onPartition1(order("e2", "o2", "FULFILLED", T0 + 2 * HOUR, 10)))
        .payment(onPartition1(payment("e3", "o2", "DECLINED", T0 + 2 * HOUR, 20)));
    assertThat(tracker.rows(Topics.ORDER_PAYMENTS)).isEmpty();
    tracker.payment(payment("e4", "o1", "SUCCEEDED", T0 + 10 * MINUTE, 20));

    assertThat(tracker.rows(Topics.ORDER_PAYMENTS)).extracting(r -> r.get("status").toString()).containsExactly("PAID");
  }

  @Test
  void onlyTheFirstSuccessfulPaymentPaysAnOrderAndAPaymentOutsideTheWindowIsAnUnknownOrder() throws Exception {
    tracker.order(order("e1", "o1", "PLACED", T0, 10));
    tracker.payment(payment("e2", "o1", "SUCCEEDED", T0 + MINUTE, 20))
        .payment(payment("e3", "o1", "SUCCEEDED", T0 + 2 * MINUTE, 21))
        .payment(payment("e4", "o1", "SUCCEEDED", T0 + 31 * MINUTE, 22));
    tracker.order(order("e5", "z", "FULFILLED", T0 + 40 * MINUTE, 11))
        .payment(payment("e6", "z", "DECLINED", T0 + 40 * MINUTE, 23));

    assertThat(tracker.rows(Topics.ORDER_PAYMENTS)).extracting(r -> r.get("payment_id").toString()).containsExactly("p-e2");
    GenericRecord deadLetter = tracker.rows(Topics.DEAD_LETTERS).get(0);
    assertThat(tracker.rows(Topics.DEAD_LETTERS)).hasSize(1);
    assertThat(deadLetter.get("error_class").toString()).isEqualTo("UNKNOWN_ORDER");
    assertThat(deadLetter.get("source_offset")).isEqualTo(22L);
    assertThat(deadLetter.get("record_value")).isNull();
  }

  @Test
  void aRetryIsDroppedWithinTheDedupWindowOfItsOwnInputsClockWhateverTheOtherInputDoes() throws Exception {
    tracker.order(order("e1", "o1", "FULFILLED", T0, 10));
    // the payments' clock 9 minutes ahead (within the skew), the orders' clock still at T0
    tracker.payment(payment("p1", "x", "DECLINED", T0 + 9 * MINUTE, 20));
    tracker.order(order("e1", "o1", "FULFILLED", T0, 11));
    // the orders' clock at T0 + 10 min: still within the dedup window (10 min) of when e1 was seen
    tracker.order(order("e2", "o2", "FULFILLED", T0 + 10 * MINUTE, 12)).order(order("e1", "o1", "FULFILLED", T0, 13));
    // one ms later it is forgotten: a copy passes again
    tracker.order(order("e3", "o2", "FULFILLED", T0 + 10 * MINUTE + 1, 14)).order(order("e1", "o1", "FULFILLED", T0, 15));

    assertThat(tracker.rows(Topics.ORDERS_ENRICHED)).extracting(row -> row.get("source_offset"))
        .containsExactly(10L, 12L, 14L, 15L);
  }

  @Test
  void lateEventsAreJudgedByTheWindowStreamTimeOfTheirOwnPartition() throws Exception {
    tracker.order(order("e1", "o1", "PLACED", T0 + 10 * MINUTE, 10));
    // window [T0, T0 + 1 min) closed at T0 + 3 min on partition 0, not on partition 1
    tracker.order(order("e2", "o2", "PLACED", T0 + 20_000, 11));
    tracker.order(onPartition1(order("e3", "o3", "PLACED", T0 + 20_000, 11)));
    tracker.payment(payment("e4", "o9", "DECLINED", T0 + 20_000, 20));

    GenericRecord late = tracker.rows(Topics.LATE_EVENTS).get(0);
    assertThat(tracker.rows(Topics.LATE_EVENTS)).hasSize(1);
    assertThat(late.get("event_id").toString()).isEqualTo("e2");
    assertThat(late.get("window_end")).isEqualTo(Instant.ofEpochMilli(T0 + MINUTE));
    assertThat(late.get("stream_time")).isEqualTo(Instant.ofEpochMilli(T0 + 10 * MINUTE));
    assertThat(late.get("lateness_ms")).isEqualTo(10 * MINUTE - MINUTE - 2 * MINUTE);
    assertThat(tracker.outputs().stream().filter(o -> o.topic().equals("flink-late-events")).findFirst().orElseThrow()
        .key()).isEqualTo("EUR:m-1");
    assertThat(tracker.sideOutput(OrderTracker.WINDOWED_ORDERS)).extracting(Order::eventId).containsExactly("e1", "e3");
    // the payment windows have their own stream time: not late
    assertThat(tracker.sideOutput(OrderTracker.WINDOWED_PAYMENTS)).extracting(Payment::eventId).containsExactly("e4");
  }

  private static Order onPartition1(Order order) {
    return new Order(order.eventId(), order.orderId(), order.customerId(), order.merchantId(), order.status(),
        order.amount(), order.currency(), order.eventTime(), order.channel(), order.discountAmount(), 1, order.offset());
  }

  private static Payment onPartition1(Payment payment) {
    return new Payment(payment.eventId(), payment.paymentId(), payment.orderId(), payment.amount(), payment.outcome(),
        payment.eventTime(), 1, payment.offset());
  }
}
