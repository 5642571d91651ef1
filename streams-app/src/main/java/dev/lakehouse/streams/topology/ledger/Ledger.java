package dev.lakehouse.streams.topology.ledger;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.TopologySettings;
import dev.lakehouse.streams.topology.deadletters.ErrorClass;
import dev.lakehouse.streams.topology.state.StoreTypes;
import dev.lakehouse.streams.topology.state.StreamTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * The pipeline ledger: where every record of the task's input partitions went. The steps that decide
 * a record's fate count it ({@link LedgerStep}: validation, the order tracker, the window partials);
 * every {@link TopologySettings#ledgerInterval()} of wall-clock time the order tracker takes one row
 * per input topic with what was counted since the last row and the stream times of validation and
 * of the topic's window step (their {@link StreamTime} keys), and sends it to {@code pipeline-ledger}.
 * Counts, rows and outputs are in the same transaction, so a crash aborts them together and the
 * records since the last commit are counted again, once: the rows of a partition cover its offsets
 * once each.
 */
public final class Ledger {
  public static final String STORE = "ledger-counts";
  public static final String VALIDATION = "validation";
  public static final String TRACKER = "tracker";
  public static final String WINDOWS = "windows";
  public static final Schema ROW = Topics.valueSchema(Topics.PIPELINE_LEDGER);
  // the totals as of the last row of a topic, written by the tracker only
  private static final String EMITTED = "emitted";

  private final KeyValueStore<String, LedgerCounts> store;
  private final KeyValueStore<String, Long> streamTimes;
  private final Map<String, String> windowStreamTimeKeys;
  private final int partition;

  /** @param windowStreamTimeKeys per input topic, the {@link StreamTime} key of the window step it feeds */
  public Ledger(ProcessingContext context, Map<String, String> windowStreamTimeKeys) {
    this.store = context.getStateStore(STORE);
    this.streamTimes = context.getStateStore(StreamTime.STORE);
    this.windowStreamTimeKeys = Map.copyOf(windowStreamTimeKeys);
    this.partition = context.taskId().partition();
  }

  public static boolean isOn(TopologySettings settings) {
    return !settings.ledgerInterval().isZero();
  }

  static String key(String topic, String step) {
    return topic + "/" + step;
  }

  /** Adds the shared store; once per topology, before the processors that name it. */
  public static void addStore(StreamsBuilder builder, StoreTypes stores) {
    builder.addStateStore(Stores.keyValueStoreBuilder(stores.keyValue(STORE), Serdes.String(), LedgerCounts.serde())
        .withCachingEnabled());
  }

  /** The rows of what was counted since the last ones, one per input topic that had records; marks them taken. */
  public List<GenericRecord> takeRows(long now) {
    List<GenericRecord> rows = new ArrayList<>();
    for (String topic : List.of(Topics.ORDERS, Topics.PAYMENTS)) {
      LedgerCounts total = get(topic, VALIDATION).plus(get(topic, TRACKER)).plus(get(topic, WINDOWS));
      LedgerCounts emitted = get(topic, EMITTED);
      LedgerCounts interval = total.minus(emitted);
      // a row without reads still carries the payments dead-lettered as unknown orders meanwhile
      if (interval.get(Fate.READ) > 0 || interval.get(Fate.DEAD_LETTERED_UNKNOWN_ORDER) > 0) {
        long firstOffset = emitted.lastOffset == LedgerCounts.NONE ? total.firstOffset : emitted.lastOffset + 1;
        rows.add(row(topic, interval, firstOffset, now));
        store.put(key(topic, EMITTED), total);
      }
    }
    return rows;
  }

  public static String rowKey(GenericRecord row) {
    return row.get("source_topic") + "-" + row.get("source_partition");
  }

  private LedgerCounts get(String topic, String step) {
    LedgerCounts counts = store.get(key(topic, step));
    return counts == null ? new LedgerCounts() : counts;
  }

  private GenericRecord row(String topic, LedgerCounts interval, long firstOffset, long now) {
    GenericData.Record row = new GenericData.Record(ROW);
    row.put("source_topic", topic);
    row.put("source_partition", partition);
    row.put("first_offset", firstOffset);
    row.put("last_offset", interval.lastOffset);
    row.put("records_read", interval.get(Fate.READ));
    row.put("dead_lettered", interval.deadLettered());
    for (ErrorClass errorClass : ErrorClass.values()) {
      row.put("dead_lettered_" + errorClass.name().toLowerCase(Locale.ROOT),
          interval.get(Fate.deadLettered(errorClass)));
    }
    row.put("duplicates_dropped", interval.get(Fate.DUPLICATE_DROPPED));
    row.put("kept", interval.get(Fate.KEPT));
    row.put("windowed", interval.get(Fate.WINDOW_INPUT) - interval.get(Fate.LATE));
    row.put("late", interval.get(Fate.LATE));
    row.put("stream_time", instant(streamTimes.get(StreamTime.validationKey(topic))));
    row.put("window_stream_time", instant(streamTimes.get(windowStreamTimeKeys.get(topic))));
    row.put("emitted_at", Instant.ofEpochMilli(now));
    return row;
  }

  private static Instant instant(Long time) {
    return time == null ? null : Instant.ofEpochMilli(time);
  }
}
