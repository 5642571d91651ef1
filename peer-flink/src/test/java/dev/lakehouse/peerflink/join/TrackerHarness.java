package dev.lakehouse.peerflink.join;

import dev.lakehouse.peerflink.Events;
import dev.lakehouse.peerflink.job.JobSettings;
import dev.lakehouse.peerflink.job.PartitionKeys;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.model.Order;
import dev.lakehouse.peerflink.model.Payment;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.operators.co.KeyedCoProcessOperator;
import org.apache.flink.util.OutputTag;

/** The order tracker in Flink's keyed two-input test harness, keyed by input partition as in the job. */
public final class TrackerHarness implements AutoCloseable {
  private final KeyedTwoInputStreamOperatorTestHarness<Integer, Order, Payment, KafkaOutput> harness;

  public TrackerHarness(JobSettings settings) throws Exception {
    this(settings, null);
  }

  /** A tracker restored from {@code checkpoint} (a {@link #snapshot()} of another), as after a restart. */
  public TrackerHarness(JobSettings settings, OperatorSubtaskState checkpoint) throws Exception {
    PartitionKeys keys = PartitionKeys.of(settings.inputPartitions());
    harness = new KeyedTwoInputStreamOperatorTestHarness<>(new KeyedCoProcessOperator<>(new OrderTracker(settings)),
        order -> keys.keyOf(order.partition()), payment -> keys.keyOf(payment.partition()), Types.INT,
        PartitionKeys.MAX_PARALLELISM, 1, 0);
    if (checkpoint != null) {
      harness.initializeState(checkpoint);
    }
    harness.open();
  }

  public OperatorSubtaskState snapshot() throws Exception {
    return harness.snapshot(1, 1);
  }

  public TrackerHarness order(Order order) throws Exception {
    harness.processElement1(order, order.eventTime());
    return this;
  }

  public TrackerHarness payment(Payment payment) throws Exception {
    harness.processElement2(payment, payment.eventTime());
    return this;
  }

  /** The rows written to {@code contractTopic} (its flink- topic) so far, decoded with its schema. */
  public List<GenericRecord> rows(String contractTopic) {
    return harness.extractOutputValues().stream()
        .filter(output -> output.topic().equals("flink-" + contractTopic))
        .map(output -> Events.decode(output, contractTopic))
        .toList();
  }

  public List<KafkaOutput> outputs() {
    return harness.extractOutputValues();
  }

  public <T> List<T> sideOutput(OutputTag<T> tag) {
    return harness.getSideOutput(tag) == null ? List.of()
        : harness.getSideOutput(tag).stream().map(record -> record.getValue()).toList();
  }

  @Override
  public void close() throws Exception {
    harness.close();
  }
}
