package dev.lakehouse.peerflink.join;

import static dev.lakehouse.peerflink.Events.MINUTE;
import static dev.lakehouse.peerflink.Events.T0;
import static dev.lakehouse.peerflink.Events.decode;
import static dev.lakehouse.peerflink.Events.order;
import static dev.lakehouse.peerflink.Events.payment;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.peerflink.Events;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.model.Order;
import dev.lakehouse.peerflink.model.Payment;
import dev.lakehouse.schemas.Topics;
import java.time.Instant;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.ProcessFunctionTestHarnesses;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class OrderPaymentJoinTest {
  private static final long WINDOW = 30 * MINUTE;

  private KeyedTwoInputStreamOperatorTestHarness<String, Order, Payment, KafkaOutput> harness;

  @BeforeEach
  void openHarness() throws Exception {
    harness = ProcessFunctionTestHarnesses.forKeyedCoProcessFunction(new OrderPaymentJoin(Events.settings()),
        Order::orderId, Payment::orderId, Types.STRING);
  }

  @AfterEach
  void closeHarness() throws Exception {
    harness.close();
  }

  @Test
  void aSuccessfulPaymentAfterItsOrderGivesPaidWithThePaymentsTimeAndLineage() throws Exception {
    harness.processElement1(order("e1", "o1", "PLACED", T0, 10), T0);
    harness.processElement2(payment("e2", "o1", "SUCCEEDED", T0 + 5 * MINUTE, 20), T0 + 5 * MINUTE);
    harness.processBothWatermarks(new Watermark(T0 + WINDOW + MINUTE));

    List<GenericRecord> rows = rows(Topics.ORDER_PAYMENTS);
    assertThat(rows).hasSize(1);
    GenericRecord paid = rows.get(0);
    assertThat(paid.get("status").toString()).isEqualTo("PAID");
    assertThat(paid.get("order_event_id").toString()).isEqualTo("e1");
    assertThat(paid.get("payment_id").toString()).isEqualTo("p-e2");
    assertThat(paid.get("event_time")).isEqualTo(Instant.ofEpochMilli(T0 + 5 * MINUTE));
    assertThat(paid.get("source_topic").toString()).isEqualTo(Topics.PAYMENTS);
    assertThat(paid.get("source_offset")).isEqualTo(20L);
  }

  @Test
  void anOrderArrivingAfterItsPaymentIsPaidAndThePaymentIsNoUnknownOrder() throws Exception {
    harness.processElement2(payment("e2", "o1", "SUCCEEDED", T0 + MINUTE, 20), T0 + MINUTE);
    harness.processElement1(order("e1", "o1", "PLACED", T0, 10), T0);
    harness.processBothWatermarks(new Watermark(T0 + WINDOW + MINUTE));

    assertThat(rows(Topics.ORDER_PAYMENTS)).extracting(r -> r.get("status").toString()).containsExactly("PAID");
    assertThat(rows(Topics.DEAD_LETTERS)).isEmpty();
  }

  @Test
  void anUnpaidOrderIsWrittenOnceTheWatermarkPassesItsWindowEnd() throws Exception {
    harness.processElement1(order("e1", "o1", "PLACED", T0, 10), T0);
    harness.processBothWatermarks(new Watermark(T0 + WINDOW - 1));
    assertThat(harness.extractOutputValues()).isEmpty();

    harness.processBothWatermarks(new Watermark(T0 + WINDOW));
    GenericRecord unpaid = rows(Topics.ORDER_PAYMENTS).get(0);
    assertThat(unpaid.get("status").toString()).isEqualTo("UNPAID");
    assertThat(unpaid.get("payment_id")).isNull();
    assertThat(unpaid.get("event_time")).isEqualTo(Instant.ofEpochMilli(T0 + WINDOW));
    assertThat(unpaid.get("source_topic").toString()).isEqualTo(Topics.ORDERS);
    assertThat(unpaid.get("source_offset")).isEqualTo(10L);
  }

  @Test
  void anOrderFarBehindStreamTimeStillWaitsTheGraceForItsPayment() throws Exception {
    // stream time T0 + 60 min: both orders' join windows ended half an hour ago
    harness.processBothWatermarks(new Watermark(T0 + 58 * MINUTE - 1));
    harness.processElement1(order("e1", "o1", "PLACED", T0, 10), T0);
    harness.processElement1(order("e2", "o2", "PLACED", T0, 11), T0);
    // stream time T0 + 62 min: the deadline, max(order + 30 min, T0 + 60 min) + grace, not yet passed
    harness.processBothWatermarks(new Watermark(T0 + 60 * MINUTE - 1));
    assertThat(harness.extractOutputValues()).isEmpty();
    harness.processElement2(payment("e3", "o1", "SUCCEEDED", T0 + 5 * MINUTE, 20), T0 + 5 * MINUTE);

    harness.processBothWatermarks(new Watermark(T0 + 60 * MINUTE));
    assertThat(rows(Topics.ORDER_PAYMENTS)).extracting(r -> r.get("order_id") + " " + r.get("status"))
        .containsExactly("o1 PAID", "o2 UNPAID");
    assertThat(rows(Topics.ORDER_PAYMENTS).get(1).get("event_time")).isEqualTo(Instant.ofEpochMilli(T0 + WINDOW));
    assertThat(rows(Topics.DEAD_LETTERS)).isEmpty();
  }

  @Test
  void onlyTheFirstSuccessfulPaymentPaysAnOrder() throws Exception {
    harness.processElement1(order("e1", "o1", "PLACED", T0, 10), T0);
    harness.processElement2(payment("e2", "o1", "SUCCEEDED", T0 + MINUTE, 20), T0 + MINUTE);
    harness.processElement2(payment("e3", "o1", "SUCCEEDED", T0 + 2 * MINUTE, 21), T0 + 2 * MINUTE);
    harness.processBothWatermarks(new Watermark(T0 + WINDOW + 3 * MINUTE));

    assertThat(rows(Topics.ORDER_PAYMENTS)).extracting(r -> r.get("payment_id").toString()).containsExactly("p-e2");
    assertThat(rows(Topics.DEAD_LETTERS)).isEmpty();
  }

  @Test
  void aPaymentAfterTheWindowDoesNotJoinAndBecomesAnUnknownOrderWhenItsOwnWindowCloses() throws Exception {
    harness.processElement1(order("e1", "o1", "PLACED", T0, 10), T0);
    long late = T0 + WINDOW + 1;
    harness.processElement2(payment("e2", "o1", "SUCCEEDED", late, 20), late);
    harness.processBothWatermarks(new Watermark(late - 1));
    assertThat(rows(Topics.DEAD_LETTERS)).isEmpty();

    harness.processBothWatermarks(new Watermark(late));
    assertThat(rows(Topics.ORDER_PAYMENTS)).extracting(r -> r.get("status").toString()).containsExactly("UNPAID");
    GenericRecord deadLetter = rows(Topics.DEAD_LETTERS).get(0);
    assertThat(deadLetter.get("error_class").toString()).isEqualTo("UNKNOWN_ORDER");
    assertThat(deadLetter.get("source_topic").toString()).isEqualTo(Topics.PAYMENTS);
    assertThat(deadLetter.get("source_offset")).isEqualTo(20L);
    assertThat(deadLetter.get("record_value")).isNull();
  }

  @Test
  void retriedDuplicatesAreDroppedBeforeTheJoinAndTheWindows() throws Exception {
    harness.processElement1(order("e1", "o1", "PLACED", T0, 10), T0);
    harness.processElement1(order("e1", "o1", "PLACED", T0, 11), T0);
    harness.processElement2(payment("e2", "o1", "SUCCEEDED", T0 + MINUTE, 20), T0 + MINUTE);
    harness.processElement2(payment("e2", "o1", "SUCCEEDED", T0 + MINUTE, 21), T0 + MINUTE);

    assertThat(harness.getSideOutput(OrderPaymentJoin.UNIQUE_ORDERS)).extracting(r -> r.getValue().offset())
        .containsExactly(10L);
    assertThat(harness.getSideOutput(OrderPaymentJoin.UNIQUE_PAYMENTS)).extracting(r -> r.getValue().offset())
        .containsExactly(20L);
    assertThat(rows(Topics.ORDER_PAYMENTS)).hasSize(1);
  }

  @Test
  void anIdIsRememberedForTheDedupWindowOfStreamTimeFromWhenItWasSeenWhateverItsEventTime() throws Exception {
    // watermark = stream time - grace (2 min) - 1 ms: stream time T0 + 60 min, the order is an hour behind it
    harness.processBothWatermarks(new Watermark(T0 + 58 * MINUTE - 1));
    harness.processElement1(order("e1", "o1", "FULFILLED", T0, 10), T0);
    harness.processElement1(order("e1", "o1", "FULFILLED", T0, 11), T0);
    // stream time T0 + 70 min: not yet past the dedup window (10 min) after it was seen
    harness.processBothWatermarks(new Watermark(T0 + 68 * MINUTE - 1));
    harness.processElement1(order("e1", "o1", "FULFILLED", T0, 12), T0);
    // stream time T0 + 70 min + 1 ms: forgotten, a copy passes again
    harness.processBothWatermarks(new Watermark(T0 + 68 * MINUTE));
    harness.processElement1(order("e1", "o1", "FULFILLED", T0, 13), T0);

    assertThat(harness.getSideOutput(OrderPaymentJoin.UNIQUE_ORDERS)).extracting(r -> r.getValue().offset())
        .containsExactly(10L, 13L);
  }

  @Test
  void otherStatusesAndOutcomesOnlyPassOnToTheWindows() throws Exception {
    harness.processElement1(order("e1", "o1", "FULFILLED", T0, 10), T0);
    harness.processElement2(payment("e2", "o1", "DECLINED", T0 + MINUTE, 20), T0 + MINUTE);
    harness.processBothWatermarks(new Watermark(T0 + WINDOW + MINUTE));

    assertThat(harness.getSideOutput(OrderPaymentJoin.UNIQUE_ORDERS)).hasSize(1);
    assertThat(harness.getSideOutput(OrderPaymentJoin.UNIQUE_PAYMENTS)).hasSize(1);
    assertThat(harness.extractOutputValues()).isEmpty();
  }

  private List<GenericRecord> rows(String contractTopic) {
    return harness.extractOutputValues().stream()
        .filter(output -> output.topic().equals("flink-" + contractTopic))
        .map(output -> decode(output, contractTopic))
        .toList();
  }
}
