package dev.lakehouse.peerflink.input;

import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.runtime.state.FunctionInitializationContext;

/**
 * The validation's stream time per input partition: the highest event time accepted on it so far,
 * as the Streams app keeps it for its horizon rule. A source subtask reads each of its partitions in
 * offset order, so each clock depends on its partition's records only. Kept as union operator state:
 * after a restore every subtask gets every partition's clock (a partition may move to another
 * reader) and keeps the highest copy of each.
 */
public final class PartitionClocks {
  /** One partition's clock in a checkpoint. */
  public record Entry(String topic, int partition, long time) {}

  private final Map<String, Map<Integer, Long>> clocks = new HashMap<>();
  private ListState<Entry> checkpointed;

  void restore(FunctionInitializationContext context) throws Exception {
    checkpointed = context.getOperatorStateStore()
        .getUnionListState(new ListStateDescriptor<>("validation-stream-times", Entry.class));
    for (Entry entry : checkpointed.get()) {
      advance(entry.topic(), entry.partition(), entry.time());
    }
  }

  void snapshot() throws Exception {
    checkpointed.clear();
    for (Map.Entry<String, Map<Integer, Long>> topic : clocks.entrySet()) {
      for (Map.Entry<Integer, Long> partition : topic.getValue().entrySet()) {
        checkpointed.add(new Entry(topic.getKey(), partition.getKey(), partition.getValue()));
      }
    }
  }

  /** The partition's stream time, or {@link Long#MIN_VALUE} before its first accepted record. */
  long of(String topic, int partition) {
    Map<Integer, Long> partitions = clocks.get(topic);
    Long time = partitions == null ? null : partitions.get(partition);
    return time == null ? Long.MIN_VALUE : time;
  }

  void advance(String topic, int partition, long time) {
    clocks.computeIfAbsent(topic, t -> new HashMap<>()).merge(partition, time, Math::max);
  }
}
