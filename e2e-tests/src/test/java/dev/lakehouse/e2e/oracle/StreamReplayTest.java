package dev.lakehouse.e2e.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.generator.EventClass;
import dev.lakehouse.generator.PlannedRecord;
import dev.lakehouse.generator.ProducedRecord;
import dev.lakehouse.schemas.Topics;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;

/** The stream-time rules on hand-made records: a current order ahead of a backfill on some partitions only. */
class StreamReplayTest {
  private static final AppSettings APP = new AppSettings(Duration.ofMinutes(2), Duration.ofMinutes(30),
      Duration.ofMinutes(5));
  private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
  private static final Instant CURRENT = NOW.minus(Duration.ofMinutes(10));
  private static final Instant BACKFILL = CURRENT.minus(Duration.ofHours(2));

  private final List<ProducedRecord> records = new ArrayList<>();
  private final Map<Integer, Long> offsets = new HashMap<>();

  @Test
  void aBackfillIsLateOnlyOnThePartitionsACurrentOrderReached() {
    ProducedRecord current = order(0, "PLACED", CURRENT, EventClass.VALID);
    ProducedRecord behindCurrent = order(0, "PLACED", BACKFILL, EventClass.VALID);
    ProducedRecord elsewhere = order(1, "PLACED", BACKFILL, EventClass.VALID);
    ProducedRecord payment = payment(0, BACKFILL);

    StreamReplay replay = new StreamReplay(records, APP);

    assertThat(replay.late(current)).isFalse();
    assertThat(replay.late(behindCurrent)).isTrue();
    assertThat(replay.late(elsewhere)).isFalse();
    // the payments' window step has a stream time of its own
    assertThat(replay.late(payment)).isFalse();
  }

  @Test
  void onlyPlacedOrdersMoveTheRevenueStepsStreamTime() {
    order(0, "CANCELLED", CURRENT, EventClass.VALID);
    ProducedRecord backfill = order(0, "PLACED", BACKFILL, EventClass.VALID);

    assertThat(new StreamReplay(records, APP).late(backfill)).isFalse();
  }

  @Test
  void aWindowClosesOnceEveryPartitionsStreamTimePassedItsEndPlusGrace() {
    long windowEnd = BACKFILL.plusSeconds(60).toEpochMilli();
    order(0, "PLACED", BACKFILL, EventClass.VALID);
    order(1, "PLACED", BACKFILL.plus(Duration.ofMinutes(3)), EventClass.VALID);
    assertThat(new StreamReplay(records, APP).closedEverywhere(Topics.ORDERS, windowEnd))
        .as("partition 0 is still at the window's own time").isFalse();

    order(0, "PLACED", BACKFILL.plus(Duration.ofMinutes(3)), EventClass.VALID);
    assertThat(new StreamReplay(records, APP).closedEverywhere(Topics.ORDERS, windowEnd)).isTrue();

    payment(2, BACKFILL);
    assertThat(new StreamReplay(records, APP).closedEverywhere(Topics.ORDERS, windowEnd))
        .as("partition 2 has no PLACED order: it holds every window open").isFalse();
  }

  @Test
  void anOrderBehindStreamTimeWaitsTheGraceOfStreamTimeForItsPayment() {
    order(0, "PLACED", CURRENT, EventClass.VALID);
    ProducedRecord backfill = order(0, "PLACED", BACKFILL, EventClass.VALID);
    assertThat(new StreamReplay(records, APP).joinWindowClosed(backfill)).isFalse();

    payment(0, CURRENT.plus(Duration.ofMinutes(2)));
    assertThat(new StreamReplay(records, APP).joinWindowClosed(backfill)).as("deadline = stream time + grace").isFalse();

    payment(0, CURRENT.plus(Duration.ofMinutes(2)).plusMillis(1));
    assertThat(new StreamReplay(records, APP).joinWindowClosed(backfill)).isTrue();
  }

  @Test
  void anOrderAndItsPaymentMeetByTheirOwnInputsStreamTimesWhicheverWasSentFirst() {
    order(0, "PLACED", CURRENT, EventClass.VALID);
    payment(0, CURRENT);
    // a backfill order and its payment: each arrives at its input's stream time, CURRENT
    ProducedRecord paidFirst = payment(0, BACKFILL.plus(Duration.ofMinutes(1)));
    ProducedRecord backfill = order(0, "PLACED", BACKFILL, EventClass.VALID);
    ProducedRecord paidAfter = payment(0, BACKFILL.plus(Duration.ofMinutes(2)));
    StreamReplay replay = new StreamReplay(records, APP);
    assertThat(replay.meet(backfill, paidFirst)).isTrue();
    assertThat(replay.meet(backfill, paidAfter)).isTrue();

    // the payments' stream time passed the backfill order's deadline (CURRENT + grace): a later payment is too late
    payment(0, CURRENT.plus(Duration.ofMinutes(2)).plusMillis(1));
    ProducedRecord tooLate = payment(0, BACKFILL.plus(Duration.ofMinutes(3)));
    assertThat(new StreamReplay(records, APP).meet(backfill, tooLate)).isFalse();
  }

  @Test
  void aPaymentWaitsForItsOrderUntilTheOrdersStreamTimePassesItsDeadline() {
    order(0, "PLACED", CURRENT, EventClass.VALID);
    ProducedRecord payment = payment(0, CURRENT.plus(Duration.ofMinutes(1)));
    order(0, "CANCELLED", CURRENT.plus(Duration.ofMinutes(3)), EventClass.VALID);
    assertThat(new StreamReplay(records, APP).paymentWaitClosed(payment)).as("deadline = payment time + grace").isFalse();

    order(0, "CANCELLED", CURRENT.plus(Duration.ofMinutes(3)).plusMillis(1), EventClass.VALID);
    assertThat(new StreamReplay(records, APP).paymentWaitClosed(payment)).isTrue();
  }

  @Test
  void retriesAreDroppedAndEventsTooFarAheadOfTheWallClockDeadLettered() {
    ProducedRecord retry = order(0, "PLACED", BACKFILL, EventClass.DUPLICATE);
    ProducedRecord ahead = order(1, "PLACED", NOW.plus(Duration.ofMinutes(5)).plusMillis(1), EventClass.TAIL);
    ProducedRecord justInSkew = order(2, "PLACED", NOW.plus(Duration.ofMinutes(5)), EventClass.TAIL);

    StreamReplay replay = new StreamReplay(records, APP);

    assertThat(replay.kept(retry)).isFalse();
    assertThat(replay.inFuture(ahead)).isTrue();
    assertThat(replay.kept(ahead)).isFalse();
    assertThat(replay.kept(justInSkew)).isTrue();
  }

  private ProducedRecord order(int partition, String status, Instant time, EventClass eventClass) {
    GenericRecord order = new GenericData.Record(Topics.valueSchema(Topics.ORDERS));
    order.put("event_id", "evt-" + records.size());
    order.put("order_id", "ord-" + records.size());
    order.put("customer_id", "cus-1");
    order.put("merchant_id", "mer-1");
    order.put("status", status);
    order.put("amount", new BigDecimal("10.00"));
    order.put("currency", "EUR");
    order.put("event_time", time);
    return produced(Topics.ORDERS, order, partition, eventClass);
  }

  private ProducedRecord payment(int partition, Instant time) {
    GenericRecord payment = new GenericData.Record(Topics.valueSchema(Topics.PAYMENTS));
    payment.put("event_id", "evt-" + records.size());
    payment.put("payment_id", "pay-" + records.size());
    payment.put("order_id", "ord-" + records.size());
    payment.put("amount", new BigDecimal("10.00"));
    payment.put("outcome", "SUCCEEDED");
    payment.put("event_time", time);
    return produced(Topics.PAYMENTS, payment, partition, EventClass.VALID);
  }

  private ProducedRecord produced(String topic, GenericRecord value, int partition, EventClass eventClass) {
    Instant time = (Instant) value.get("event_time");
    PlannedRecord planned = new PlannedRecord(topic, String.valueOf(value.get("order_id")), value, new byte[0], time,
        eventClass, null, -1);
    long offset = offsets.merge(partition, 1L, Long::sum) - 1;
    ProducedRecord record = new ProducedRecord(planned, partition, offset, NOW.toEpochMilli());
    records.add(record);
    return record;
  }
}
