package dev.lakehouse.streams.topology.enrich;

import dev.lakehouse.streams.topology.input.InputCheck;
import dev.lakehouse.streams.topology.state.StreamTime;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Keeps the history of every customer (or merchant) in a global store, from all partitions of the
 * raw reference topic: each valid version joins its key's history (a tombstone as a deletion,
 * valid from its Kafka timestamp: lookups after it find nothing); versions older than the one
 * valid at (newest version of the topic - history retention) are dropped. Invalid records are
 * skipped here; {@link ReferenceChecksTopology} dead-letters them. Kafka Streams replays the topic
 * through this processor when it restores the store, so a restart rebuilds the same histories.
 */
final class ReferenceVersionWriter implements Processor<String, byte[], Void, Void> {
  private final InputCheck check;
  private final String storeName;
  private final long retentionMs;
  private final ReferenceChanges changes;

  private ProcessorContext<Void, Void> context;
  private KeyValueStore<String, ReferenceHistory> histories;
  private long newestValidFrom = StreamTime.NONE;

  ReferenceVersionWriter(InputCheck check, String storeName, long retentionMs, ReferenceChanges changes) {
    this.check = check;
    this.storeName = storeName;
    this.retentionMs = retentionMs;
    this.changes = changes;
  }

  @Override
  public void init(ProcessorContext<Void, Void> context) {
    this.context = context;
    this.histories = context.getStateStore(storeName);
  }

  @Override
  public void process(Record<String, byte[]> record) {
    InputCheck.Result result =
        check.check(record.key(), record.value(), record.timestamp(), context.currentSystemTimeMs(), StreamTime.NONE);
    if (!result.isValid()) {
      return;
    }
    long validFrom = result.eventTime().toEpochMilli();
    newestValidFrom = Math.max(newestValidFrom, validFrom);
    ReferenceHistory history = histories.get(record.key());
    histories.put(record.key(), (history == null ? ReferenceHistory.EMPTY : history)
        .with(validFrom, result.value(), newestValidFrom - retentionMs));
    changes.changed();
  }
}
