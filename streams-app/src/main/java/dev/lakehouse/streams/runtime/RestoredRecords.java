package dev.lakehouse.streams.runtime;

import dev.lakehouse.streams.metrics.MetricFamily;
import dev.lakehouse.streams.metrics.MetricsSource;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.streams.processor.StateRestoreListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts the records a Kafka Streams client restores into its stores from their changelogs (and
 * into its global stores from their topics), logs each finished restore, and exports the count as
 * {@code lakehouse_streams_restored_records_total{client}}. After a deploy (SIGTERM within the grace
 * period) the count stays 0 but for what was written meanwhile (new reference versions); after a
 * crash it is every record of every store of the instance ({@link LocalState}).
 */
final class RestoredRecords implements StateRestoreListener {
  private static final Logger LOG = LoggerFactory.getLogger(RestoredRecords.class);
  static final String METRIC = "lakehouse_streams_restored_records_total";

  private final String client;
  private final LongAdder restored = new LongAdder();

  RestoredRecords(String client) {
    this.client = client;
  }

  long total() {
    return restored.sum();
  }

  @Override
  public void onRestoreStart(TopicPartition partition, String store, long startingOffset, long endingOffset) {
    // logged at its end, with what it took
  }

  @Override
  public void onBatchRestored(TopicPartition partition, String store, long batchEndOffset, long numRestored) {
    restored.add(numRestored);
  }

  @Override
  public void onRestoreEnd(TopicPartition partition, String store, long totalRestored) {
    // a store whose checkpoint is current "restores" nothing: only a real restore is worth a line
    if (totalRestored > 0) {
      LOG.info("Kafka Streams ({}) restored {} records into store {} from {}", client, totalRestored, store, partition);
    }
  }

  /** One counter, a sample per client. */
  static MetricsSource metrics(List<RestoredRecords> clients) {
    return () -> List.of(new MetricFamily(METRIC, MetricFamily.Type.COUNTER,
        "Records restored into the state stores since the process started (changelogs and global topics).",
        clients.stream().map(c -> new MetricFamily.Sample(Map.of("client", c.client), c.total())).toList()));
  }
}
