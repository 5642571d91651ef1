package dev.lakehouse.peerflink.join;

import dev.lakehouse.peerflink.Events;
import dev.lakehouse.peerflink.enrich.OrderEnrichment;
import dev.lakehouse.peerflink.job.JobSettings;
import dev.lakehouse.peerflink.job.PartitionKeys;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.model.Order;
import dev.lakehouse.peerflink.model.OrderOrPayment;
import dev.lakehouse.peerflink.model.Payment;
import dev.lakehouse.peerflink.model.ReferenceVersion;
import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.operators.co.CoBroadcastWithKeyedOperator;
import org.apache.flink.streaming.util.KeyedBroadcastOperatorTestHarness;
import org.apache.flink.util.OutputTag;

/**
 * The order tracker in Flink's keyed broadcast test harness, keyed by input partition as in the job,
 * with the reference versions as its broadcast input.
 */
public final class TrackerHarness implements AutoCloseable {
  private final KeyedBroadcastOperatorTestHarness<Integer, OrderOrPayment, ReferenceVersion, KafkaOutput> harness;

  public TrackerHarness(JobSettings settings) throws Exception {
    this(settings, null);
  }

  /** A tracker restored from {@code checkpoint} (a {@link #snapshot()} of another), as after a restart. */
  public TrackerHarness(JobSettings settings, OperatorSubtaskState checkpoint) throws Exception {
    PartitionKeys keys = PartitionKeys.of(settings.inputPartitions());
    harness = new KeyedBroadcastOperatorTestHarness<>(
        new CoBroadcastWithKeyedOperator<>(new OrderTracker(settings), List.of(OrderEnrichment.VERSIONS)),
        event -> keys.keyOf(event.partition()), Types.INT, PartitionKeys.MAX_PARALLELISM, 1, 0);
    if (checkpoint != null) {
      harness.initializeState(checkpoint);
    }
    harness.open();
  }

  public OperatorSubtaskState snapshot() throws Exception {
    return harness.snapshot(1, 1);
  }

  public TrackerHarness order(Order order) throws Exception {
    harness.processElement(OrderOrPayment.of(order), order.eventTime());
    return this;
  }

  public TrackerHarness payment(Payment payment) throws Exception {
    harness.processElement(OrderOrPayment.of(payment), payment.eventTime());
    return this;
  }

  public TrackerHarness version(ReferenceVersion version) throws Exception {
    harness.processBroadcastElement(version, version.validFrom());
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
