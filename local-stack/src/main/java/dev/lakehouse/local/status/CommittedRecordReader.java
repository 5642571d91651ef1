package dev.lakehouse.local.status;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Counts committed records in offset ranges with a read_committed consumer, which skips
 * transaction markers and aborted records. It reads every record of the ranges (not decoded), so
 * it takes as long as the ranges need; it gives up only when reading stops moving.
 */
final class CommittedRecordReader {
  private static final Duration STALL_TIMEOUT = Duration.ofSeconds(15);

  record Range(long from, long to) {}

  private final Supplier<Consumer<byte[], byte[]>> consumers;
  private final Duration stallTimeout;

  CommittedRecordReader(String bootstrapServers) {
    this(() -> new KafkaConsumer<>(Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        ConsumerConfig.ISOLATION_LEVEL_CONFIG, IsolationLevel.READ_COMMITTED.toString(),
        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
        ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 10_000,
        ConsumerConfig.CHECK_CRCS_CONFIG, false), new ByteArrayDeserializer(), new ByteArrayDeserializer()), STALL_TIMEOUT);
  }

  /**
   * Counts with a consumer from {@code consumers} (read_committed; a fake in unit tests), closed after
   * each count; gives up after {@code stallTimeout} without progress.
   */
  CommittedRecordReader(Supplier<Consumer<byte[], byte[]>> consumers, Duration stallTimeout) {
    this.consumers = consumers;
    this.stallTimeout = stallTimeout;
  }

  Map<TopicPartition, Long> count(Map<TopicPartition, Range> ranges) throws TimeoutException {
    Map<TopicPartition, Long> counts = new HashMap<>();
    ranges.keySet().forEach(tp -> counts.put(tp, 0L));
    if (ranges.isEmpty()) {
      return counts;
    }
    try (Consumer<byte[], byte[]> consumer = consumers.get()) {
      consumer.assign(ranges.keySet());
      ranges.forEach((tp, range) -> consumer.seek(tp, range.from()));
      Set<TopicPartition> open = new HashSet<>(ranges.keySet());
      long stalledSince = System.nanoTime();
      while (!open.isEmpty()) {
        if (System.nanoTime() - stalledSince > stallTimeout.toNanos()) {
          throw new TimeoutException("Cannot count the records of " + open + ": no progress for "
              + stallTimeout.toMillis() + " ms");
        }
        ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(200));
        for (TopicPartition tp : records.partitions()) {
          long to = ranges.get(tp).to();
          for (ConsumerRecord<byte[], byte[]> record : records.records(tp)) {
            if (record.offset() < to) {
              counts.merge(tp, 1L, Long::sum);
            }
          }
        }
        // the position also moves past markers and aborted records, so it reaches the range's end
        Set<TopicPartition> done = new HashSet<>();
        open.stream().filter(tp -> consumer.position(tp) >= ranges.get(tp).to()).forEach(done::add);
        consumer.pause(done);
        open.removeAll(done);
        if (!records.isEmpty() || !done.isEmpty()) {
          stalledSince = System.nanoTime();
        }
      }
    }
    return counts;
  }
}
