package dev.lakehouse.streams.topology.orders;

import static org.assertj.core.api.Assertions.assertThat;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.LakehouseMetrics;
import dev.lakehouse.streams.topology.TestEvents;
import dev.lakehouse.streams.topology.TopologyHarness;
import dev.lakehouse.streams.topology.TopologySettings;
import dev.lakehouse.streams.topology.deadletters.DeadLetters;
import dev.lakehouse.streams.topology.deadletters.ErrorClass;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OrderPaymentsTest {
  private static final Instant T = Instant.parse("2026-11-29T10:00:00Z");

  @TempDir Path stateDir;

  @Test
  void aPaymentWaitingUntilTheDeadlineOfAnOrderPaidMeanwhileStillBecomesAnUnknownOrder() {
    TestEvents events = new TestEvents(34);
    // far behind both inputs' stream times, the order and a payment before it wait until the same
    // deadline: stream time + grace; a second payment then pays the order, and the first must still come due
    GenericRecord beforeOrder = events.payment("o-1", "SUCCEEDED", "10.00", T.minus(Duration.ofMinutes(5)));
    GenericRecord inWindow = events.payment("o-1", "SUCCEEDED", "10.00", T.plus(Duration.ofMinutes(10)));
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.defaults(), stateDir)) {
      harness.pipe(Topics.ORDERS, events.order("o-ahead", "c-1", "m-1", "CANCELLED", "1.00", "EUR",
          T.plus(Duration.ofMinutes(60))));
      harness.pipe(Topics.PAYMENTS, events.payment("o-ahead", "DECLINED", "1.00", T.plus(Duration.ofMinutes(60))));
      harness.pipe(Topics.ORDERS, events.order("o-1", "c-1", "m-1", "PLACED", "10.00", "EUR", T));
      harness.pipe(Topics.PAYMENTS, beforeOrder);
      harness.pipe(Topics.PAYMENTS, inWindow);
      harness.pipe(Topics.ORDERS, events.order("o-later", "c-1", "m-1", "CANCELLED", "1.00", "EUR",
          T.plus(Duration.ofMinutes(63))));

      assertThat(harness.read(Topics.ORDER_PAYMENTS)).singleElement()
          .satisfies(row -> assertPaid(row.value(), inWindow));
      assertThat(harness.read(Topics.DEAD_LETTERS)).singleElement().satisfies(deadLetter -> {
        assertThat(deadLetter.value().get("error_class").toString()).isEqualTo(ErrorClass.UNKNOWN_ORDER.name());
        assertThat(deadLetter.value().get("event_time")).isEqualTo(beforeOrder.get("event_time"));
      });
    }
  }

  @Test
  void ordersArePaidByTheirFirstSuccessfulPaymentWithinTheWindowOrUnpaidWhenItCloses() {
    TestEvents events = new TestEvents(33);
    GenericRecord paid = events.payment("o-1", "SUCCEEDED", "10.00", T.plus(Duration.ofMinutes(5)));
    GenericRecord firstOfTwo = events.payment("o-3", "SUCCEEDED", "30.00", T.plus(Duration.ofMinutes(2)));
    GenericRecord unknownOrder = events.payment("o-404", "SUCCEEDED", "4.04", T.plus(Duration.ofMinutes(1)));
    GenericRecord beforeOrder = events.payment("o-5", "SUCCEEDED", "50.00", T.minus(Duration.ofMinutes(1)));
    GenericRecord afterWindow = events.payment("o-6", "SUCCEEDED", "60.00", T.plus(Duration.ofMinutes(31)));
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.defaults(), stateDir)) {
      for (String orderId : List.of("o-1", "o-2", "o-3", "o-5", "o-6")) {
        harness.pipe(Topics.ORDERS, events.order(orderId, "c-1", "m-1", "PLACED", "10.00", "EUR", T));
      }
      harness.pipe(Topics.ORDERS, events.order("o-7", "c-1", "m-1", "CANCELLED", "10.00", "EUR", T));
      harness.pipe(Topics.PAYMENTS, paid);
      harness.pipe(Topics.PAYMENTS, events.payment("o-2", "DECLINED", "20.00", T.plus(Duration.ofMinutes(1))));
      harness.pipe(Topics.PAYMENTS, firstOfTwo);
      harness.pipe(Topics.PAYMENTS, events.payment("o-3", "SUCCEEDED", "30.00", T.plus(Duration.ofMinutes(3))));
      harness.pipe(Topics.PAYMENTS, unknownOrder);
      harness.pipe(Topics.PAYMENTS, beforeOrder);
      harness.pipe(Topics.PAYMENTS, afterWindow);
      // moves both inputs' stream times past every window above: order time + 30 min + 2 min grace (the
      // orders' deadlines fall due on the payments' stream time, the payments' on the orders')
      harness.pipe(Topics.ORDERS, events.order("o-late", "c-1", "m-1", "PLACED", "1.00", "EUR",
          T.plus(Duration.ofMinutes(40))));
      harness.pipe(Topics.PAYMENTS, events.payment("o-late", "DECLINED", "1.00", T.plus(Duration.ofMinutes(40))));

      Map<String, GenericRecord> rows = new HashMap<>();
      for (TestRecord<String, GenericRecord> record : harness.read(Topics.ORDER_PAYMENTS)) {
        assertThat(rows).as("one row per order").doesNotContainKey(record.key());
        rows.put(record.key(), record.value());
      }
      assertThat(rows).containsOnlyKeys("o-1", "o-2", "o-3", "o-5", "o-6");
      assertPaid(rows.get("o-1"), paid);
      assertPaid(rows.get("o-3"), firstOfTwo);
      for (String unpaid : List.of("o-2", "o-5", "o-6")) {
        GenericRecord row = rows.get(unpaid);
        assertThat(row.get("status").toString()).isEqualTo("UNPAID");
        assertThat(row.get("payment_id")).isNull();
        assertThat(row.get("event_time")).isEqualTo(T.plus(Duration.ofMinutes(30)));
        assertThat(row.get("source_topic").toString()).isEqualTo(Topics.ORDERS);
      }
      assertThat(harness.counter(LakehouseMetrics.EXTRA_PAYMENTS, Topics.PAYMENTS)).isEqualTo(1.0);

      Map<String, TestRecord<String, GenericRecord>> unknown = new HashMap<>();
      harness.read(Topics.DEAD_LETTERS).forEach(record -> unknown.put(record.key(), record));
      assertThat(unknown).containsOnlyKeys("o-404", "o-5", "o-6");
      TestRecord<String, GenericRecord> deadLetter = unknown.get("o-404");
      assertThat(deadLetter.value().get("error_class").toString()).isEqualTo(ErrorClass.UNKNOWN_ORDER.name());
      assertThat(deadLetter.value().get("reason").toString())
          .contains("successful payment " + unknownOrder.get("payment_id") + " of order o-404 has no PLACED order");
      assertThat(deadLetter.value().get("source_topic").toString()).isEqualTo(Topics.PAYMENTS);
      assertThat(deadLetter.value().get("source_offset")).isEqualTo(4L);
      assertThat(deadLetter.value().get("event_time")).isEqualTo(unknownOrder.get("event_time"));
      assertThat(new String(deadLetter.headers().lastHeader(DeadLetters.HEADER_OFFSET).value(), StandardCharsets.UTF_8))
          .isEqualTo("4");
      assertThat(harness.counter(LakehouseMetrics.RECORDS_DEAD_LETTERED, Topics.PAYMENTS)).isEqualTo(3.0);
    }
  }

  @Test
  void whenThePaymentsStopAnOrderIsUnpaidOnceTheOrdersPassItsDeadlineByTheMaxInputSkew() {
    TestEvents events = new TestEvents(35);
    Duration skew = TopologySettings.defaults().paymentJoinMaxInputSkew();
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.defaults(), stateDir)) {
      harness.pipe(Topics.PAYMENTS, events.payment("o-0", "DECLINED", "1.00", T));
      harness.pipe(Topics.ORDERS, events.order("o-1", "c-1", "m-1", "PLACED", "10.00", "EUR", T));
      // the payments' stream time stands at T: the orders' runs on, up to the deadline (T + 32 min) + the skew
      harness.pipe(Topics.ORDERS, events.order("o-2", "c-1", "m-1", "CANCELLED", "1.00", "EUR",
          T.plus(Duration.ofMinutes(32)).plus(skew)));
      assertThat(harness.read(Topics.ORDER_PAYMENTS)).as("not before the deadline + the skew").isEmpty();

      harness.pipe(Topics.ORDERS, events.order("o-3", "c-1", "m-1", "CANCELLED", "1.00", "EUR",
          T.plus(Duration.ofMinutes(32)).plus(skew).plusMillis(1)));
      assertThat(harness.read(Topics.ORDER_PAYMENTS)).singleElement()
          .satisfies(row -> assertThat(row.value().get("status").toString()).isEqualTo("UNPAID"));
    }
  }

  private static void assertPaid(GenericRecord row, GenericRecord payment) {
    assertThat(row.get("status").toString()).isEqualTo("PAID");
    assertThat(row.get("payment_id").toString()).isEqualTo(payment.get("payment_id").toString());
    assertThat(row.get("payment_amount")).isEqualTo(payment.get("amount"));
    assertThat(row.get("payment_outcome").toString()).isEqualTo("SUCCEEDED");
    assertThat(row.get("payment_time")).isEqualTo(payment.get("event_time"));
    assertThat(row.get("event_time")).isEqualTo(payment.get("event_time"));
    assertThat(row.get("order_time")).isEqualTo(T);
    assertThat(row.get("order_amount")).isEqualTo(new BigDecimal("10.00"));
    assertThat(row.get("source_topic").toString()).isEqualTo(Topics.PAYMENTS);
  }
}
