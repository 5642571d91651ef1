package dev.lakehouse.peerflink.window;

import dev.lakehouse.peerflink.job.PartitionKeys;
import dev.lakehouse.peerflink.model.TimedAmount;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;

/**
 * The watermark of a window's input, as the Streams app closes windows: a window is final once
 * every input partition's window step has closed it (end + grace <= that partition's stream time).
 * Chained behind the order tracker, which owns whole input partitions and sends on only the events
 * that are not late on theirs, it keeps each owned partition's stream time (highest event time
 * seen) and emits min over them - grace - 1 ms, so a window fires when every partition passed its
 * end + grace, and never finds one of these events late. Upstream watermarks and idleness are ignored; a subtask
 * that owns no partition emits the end of time, so it holds nothing back. Each partition's stream
 * time is operator state (union: after a restore every subtask finds its own).
 */
public final class PartitionWatermarks<T extends TimedAmount> extends AbstractStreamOperator<T>
    implements OneInputStreamOperator<T, T> {
  private final PartitionKeys keys;
  private final long graceMs;

  private transient long[] streamTimes;
  private transient int[] owned;
  private transient ListState<long[]> checkpointed;
  private transient long emitted;

  public PartitionWatermarks(PartitionKeys keys, Duration grace) {
    this.keys = keys;
    this.graceMs = grace.toMillis();
  }

  @Override
  public void initializeState(StateInitializationContext context) throws Exception {
    super.initializeState(context);
    streamTimes = new long[keys.partitions()];
    Arrays.fill(streamTimes, Long.MIN_VALUE);
    checkpointed = context.getOperatorStateStore()
        .getUnionListState(new ListStateDescriptor<>("window-stream-times", long[].class));
    for (long[] restored : checkpointed.get()) {
      for (int partition = 0; partition < streamTimes.length && partition < restored.length; partition++) {
        streamTimes[partition] = Math.max(streamTimes[partition], restored[partition]);
      }
    }
  }

  @Override
  public void open() throws Exception {
    super.open();
    int maxParallelism = getRuntimeContext().getTaskInfo().getMaxNumberOfParallelSubtasks();
    if (maxParallelism != PartitionKeys.MAX_PARALLELISM) {
      throw new IllegalStateException("Cannot derive window watermarks: the job's max parallelism is " + maxParallelism
          + ", the partition keys were made for " + PartitionKeys.MAX_PARALLELISM);
    }
    owned = keys.ownedBy(getRuntimeContext().getTaskInfo().getIndexOfThisSubtask(),
        getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks());
    emitted = Long.MIN_VALUE;
    emitIfAdvanced();
  }

  @Override
  public void processElement(StreamRecord<T> element) throws Exception {
    T event = element.getValue();
    streamTimes[event.partition()] = Math.max(streamTimes[event.partition()], event.eventTime());
    output.collect(element);
    emitIfAdvanced();
  }

  /** The tracker's input carries no watermarks of use here: this operator makes its own. */
  @Override
  public void processWatermark(Watermark mark) {}

  /**
   * Nor is an idle source a partition without time: forwarded, it would let the windows go on without
   * that partition's events (Flink's valves skip idle channels, and an idle output drops the
   * watermarks emitted meanwhile). An input partition without records holds the windows open, as in
   * the Streams app, so this output is always active.
   */
  @Override
  public void processWatermarkStatus(WatermarkStatus status) {}

  @Override
  public void snapshotState(StateSnapshotContext context) throws Exception {
    super.snapshotState(context);
    checkpointed.update(List.of(streamTimes.clone()));
  }

  private void emitIfAdvanced() {
    long slowest = Long.MAX_VALUE;
    for (int partition : owned) {
      slowest = Math.min(slowest, streamTimes[partition]);
    }
    long watermark = owned.length == 0 ? Long.MAX_VALUE
        : slowest == Long.MIN_VALUE ? Long.MIN_VALUE : slowest - graceMs - 1;
    if (watermark > emitted) {
      emitted = watermark;
      output.emitWatermark(new Watermark(watermark));
    }
  }
}
