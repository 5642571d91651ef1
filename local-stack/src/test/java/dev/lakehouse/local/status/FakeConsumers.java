package dev.lakehouse.local.status;

import java.util.Map;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Read_committed consumers over partition logs written one letter an offset from offset 0:
 * {@code c} a committed record, {@code a} an aborted one, {@code m} a transaction marker.
 */
final class FakeConsumers {
  private FakeConsumers() {}

  /**
   * Each consumer's first poll returns the committed records of its partitions from their positions;
   * the next moves every position to its log's end, as a real fetch moves past trailing markers and
   * aborted records.
   */
  static Supplier<Consumer<byte[], byte[]>> readCommitted(Map<TopicPartition, String> logs) {
    return () -> {
      MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");
      consumer.schedulePollTask(() -> consumer.assignment().forEach(tp -> {
        String log = logs.get(tp);
        for (int offset = 0; offset < log.length(); offset++) {
          if (log.charAt(offset) == 'c') {
            consumer.addRecord(new ConsumerRecord<>(tp.topic(), tp.partition(), offset, null, null));
          }
        }
      }));
      consumer.schedulePollTask(() -> consumer.assignment().forEach(tp -> consumer.seek(tp, logs.get(tp).length())));
      return consumer;
    };
  }

  /** The committed records of {@code log} in [{@code from}, {@code to}). */
  static long committed(String log, int from, int to) {
    return log.substring(from, to).chars().filter(c -> c == 'c').count();
  }

  static long committed(String log) {
    return committed(log, 0, log.length());
  }
}
