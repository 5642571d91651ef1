package dev.lakehouse.peerflink.window;

import static dev.lakehouse.peerflink.Events.MINUTE;
import static dev.lakehouse.peerflink.Events.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.peerflink.job.PartitionKeys;
import dev.lakehouse.peerflink.model.Payment;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;

class PartitionWatermarksTest {
  private static final Duration GRACE = Duration.ofMinutes(2);

  @Test
  void theWatermarkIsTheSlowestPartitionsStreamTimeMinusTheGraceAndIgnoresUpstreamWatermarks() throws Exception {
    try (OneInputStreamOperatorTestHarness<Payment, Payment> harness = harness(null)) {
      harness.processElement(payment(0, T0 + 10 * MINUTE), 0);
      harness.processWatermark(new Watermark(T0 + 60 * MINUTE));
      assertThat(watermarks(harness)).as("partition 1 has no stream time yet").isEmpty();

      harness.processElement(payment(1, T0 + 4 * MINUTE), 0);
      harness.processElement(payment(1, T0 + 3 * MINUTE), 0);
      harness.processElement(payment(1, T0 + 5 * MINUTE), 0);

      assertThat(watermarks(harness)).containsExactly(T0 + 2 * MINUTE - 1, T0 + 3 * MINUTE - 1);
      assertThat(harness.extractOutputValues()).hasSize(4);
    }
  }

  @Test
  void anIdleSourceDoesNotMakeThisOutputIdle() throws Exception {
    try (OneInputStreamOperatorTestHarness<Payment, Payment> harness = harness(null)) {
      harness.processWatermarkStatus(WatermarkStatus.IDLE);
      harness.processElement(payment(0, T0 + 10 * MINUTE), 0);
      harness.processElement(payment(1, T0 + 10 * MINUTE), 0);

      assertThat(harness.getOutput()).noneMatch(WatermarkStatus.class::isInstance);
      assertThat(watermarks(harness)).containsExactly(T0 + 8 * MINUTE - 1);
    }
  }

  @Test
  void theStreamTimesAreRestoredFromACheckpoint() throws Exception {
    OperatorSubtaskState snapshot;
    try (OneInputStreamOperatorTestHarness<Payment, Payment> harness = harness(null)) {
      harness.processElement(payment(0, T0 + 10 * MINUTE), 0);
      harness.processElement(payment(1, T0 + 7 * MINUTE), 0);
      snapshot = harness.snapshot(1, 1);
    }
    try (OneInputStreamOperatorTestHarness<Payment, Payment> restored = harness(snapshot)) {
      assertThat(watermarks(restored)).containsExactly(T0 + 5 * MINUTE - 1);
    }
  }

  @Test
  void aSubtaskThatOwnsNoPartitionHoldsNothingBack() throws Exception {
    // one partition, two subtasks: one of them owns nothing
    PartitionKeys keys = PartitionKeys.of(1);
    int idle = keys.ownedBy(0, 2).length == 0 ? 0 : 1;
    try (OneInputStreamOperatorTestHarness<Payment, Payment> harness = new OneInputStreamOperatorTestHarness<>(
        new PartitionWatermarks<>(keys, GRACE), PartitionKeys.MAX_PARALLELISM, 2, idle)) {
      harness.open();
      assertThat(watermarks(harness)).containsExactly(Long.MAX_VALUE);
    }
  }

  private static OneInputStreamOperatorTestHarness<Payment, Payment> harness(OperatorSubtaskState restoreFrom)
      throws Exception {
    OneInputStreamOperatorTestHarness<Payment, Payment> harness = new OneInputStreamOperatorTestHarness<>(
        new PartitionWatermarks<>(PartitionKeys.of(2), GRACE), PartitionKeys.MAX_PARALLELISM, 1, 0);
    if (restoreFrom != null) {
      harness.initializeState(restoreFrom);
    }
    harness.open();
    return harness;
  }

  private static List<Long> watermarks(OneInputStreamOperatorTestHarness<Payment, Payment> harness) {
    return harness.getOutput().stream().filter(Watermark.class::isInstance).map(w -> ((Watermark) w).getTimestamp())
        .toList();
  }

  private static Payment payment(int partition, long time) {
    return new Payment("e", "p", "o", BigDecimal.ONE, "DECLINED", time, partition, 0);
  }
}
