package dev.lakehouse.streams.topology.windows;

import dev.lakehouse.streams.topology.state.TimeKeys;
import dev.lakehouse.streams.topology.state.TimeQueue;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The second half of a windowed total: adds up the partial totals of each group key and window from
 * every input partition and emits the window once, when every input partition has closed it.
 */
final class WindowMerge implements Processor<String, WindowMessage, String, GenericRecord> {
  private final WindowedTotals.Spec spec;
  private final long sizeMs;
  private final int inputPartitions;

  private ProcessorContext<String, GenericRecord> context;
  private TimeQueue<WindowTotals> pending;
  private KeyValueStore<Integer, Long> closedThrough;

  WindowMerge(WindowedTotals.Spec spec, long sizeMs, int inputPartitions) {
    this.spec = spec;
    this.sizeMs = sizeMs;
    this.inputPartitions = inputPartitions;
  }

  @Override
  public void init(ProcessorContext<String, GenericRecord> context) {
    this.context = context;
    this.pending = new TimeQueue<>(context.getStateStore(spec.mergePendingStore()));
    this.closedThrough = context.getStateStore(spec.mergeClosedStore());
  }

  @Override
  public void process(Record<String, WindowMessage> record) {
    if (record.value() instanceof WindowMessage.Partial partial) {
      Bytes key = TimeKeys.of(partial.windowStart(), record.key());
      WindowTotals totals = pending.store().get(key);
      pending.store().put(key, totals == null ? partial.totals() : totals.plus(partial.totals()));
    } else if (record.value() instanceof WindowMessage.Closed closed) {
      advance(closed);
    }
  }

  private void advance(WindowMessage.Closed closed) {
    if (closed.partition() >= inputPartitions) {
      throw new IllegalStateException("Cannot merge the windows of " + spec.name() + ": input partition "
          + closed.partition() + " exists, but the app was started with " + inputPartitions + " input partitions;"
          + " restart it so that it reads the partition count again");
    }
    Long known = closedThrough.get(closed.partition());
    if (known != null && known >= closed.closedThrough()) {
      return;
    }
    closedThrough.put(closed.partition(), closed.closedThrough());
    long everywhere = Long.MAX_VALUE;
    for (int partition = 0; partition < inputPartitions; partition++) {
      Long through = closedThrough.get(partition);
      if (through == null) {
        return;
      }
      everywhere = Math.min(everywhere, through);
    }
    emitClosedThrough(everywhere);
  }

  private void emitClosedThrough(long closedEverywhere) {
    if (closedEverywhere <= 0) {
      return;
    }
    long now = context.currentSystemTimeMs();
    for (KeyValue<Bytes, WindowTotals> window : pending.takeBefore(closedEverywhere - sizeMs + 1)) {
      KeyValue<String, GenericRecord> row = spec.resultRow().row(TimeKeys.suffix(window.key), TimeKeys.time(window.key),
          window.value, now);
      context.forward(new Record<>(row.key, row.value, window.value.maxEventTime()));
    }
  }
}
