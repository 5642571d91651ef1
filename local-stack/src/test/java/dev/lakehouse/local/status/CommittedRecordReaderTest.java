package dev.lakehouse.local.status;

import static dev.lakehouse.local.status.FakeConsumers.committed;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class CommittedRecordReaderTest {
  /** Far longer than a fake takes to answer: only the timeout tests wait for a timeout, and briefly. */
  private static final Duration PATIENT = Duration.ofSeconds(30);
  private static final TopicPartition ORDERS_0 = new TopicPartition("orders", 0);
  private static final TopicPartition ORDERS_1 = new TopicPartition("orders", 1);

  @Test
  void countsOnlyTheRecordsInsideEachRange() throws Exception {
    // records past a range's end were written after its end was read: the next status counts them
    String log = "cccccc";
    CommittedRecordReader reader =
        new CommittedRecordReader(FakeConsumers.readCommitted(Map.of(ORDERS_0, log, ORDERS_1, log)), PATIENT);

    Map<TopicPartition, Long> counts = reader.count(Map.of(
        ORDERS_0, new CommittedRecordReader.Range(0, 3), ORDERS_1, new CommittedRecordReader.Range(2, 5)));

    assertThat(counts).isEqualTo(Map.of(ORDERS_0, committed(log, 0, 3), ORDERS_1, committed(log, 2, 5)));
  }

  @Test
  void countsNeitherAbortedRecordsNorMarkersAndEndsOnARangeThatEndsInThem() throws Exception {
    String log = "ccaamccaam";
    CommittedRecordReader reader = new CommittedRecordReader(FakeConsumers.readCommitted(Map.of(ORDERS_0, log)), PATIENT);

    Map<TopicPartition, Long> counts = reader.count(Map.of(ORDERS_0, new CommittedRecordReader.Range(0, log.length())));

    assertThat(counts).isEqualTo(Map.of(ORDERS_0, committed(log)));
  }

  @Test
  void noRangesNeedNoConsumer() throws Exception {
    CommittedRecordReader reader = new CommittedRecordReader(() -> {
      throw new AssertionError("no consumer is needed without ranges");
    }, PATIENT);

    assertThat(reader.count(Map.of())).isEmpty();
  }

  @Test
  @Timeout(60)
  void givesUpNamingThePartitionsWhenReadingStopsMoving() {
    // polls like a consumer whose broker does not answer: each waits its timeout and returns nothing
    MockConsumer<byte[], byte[]> silent = new MockConsumer<>("earliest") {
      @Override
      public synchronized ConsumerRecords<byte[], byte[]> poll(Duration timeout) {
        try {
          Thread.sleep(timeout.toMillis());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return super.poll(timeout);
      }
    };
    CommittedRecordReader reader = new CommittedRecordReader(() -> silent, Duration.ofSeconds(1));

    assertThatThrownBy(() -> reader.count(Map.of(ORDERS_0, new CommittedRecordReader.Range(0, 1))))
        .isInstanceOf(TimeoutException.class)
        .hasMessageContaining(ORDERS_0.toString());
    assertThat(silent.closed()).isTrue();
  }
}
