package dev.lakehouse.local.status;

import static dev.lakehouse.local.status.FakeConsumers.committed;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.testkit.FakeKafkaAdmin;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.MockAdminClient;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.internals.KafkaFutureImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** KafkaStats over MockAdminClient and read_committed MockConsumers (see {@link FakeConsumers} for the logs). */
class KafkaStatsTest {
  /** Far longer than a fake takes to answer: only the timeout tests wait for a timeout, and briefly. */
  private static final Duration PATIENT = Duration.ofSeconds(30);

  @TempDir Path dir;

  private final MockAdminClient admin = new FakeKafkaAdmin();
  private final Map<TopicPartition, String> logs = new HashMap<>();

  /** A topic with one partition per log, all starting at {@code logStart}; returns its topic id. */
  private String topic(String name, long logStart, String... partitionLogs) throws Exception {
    String id = admin.createTopics(List.of(new NewTopic(name, partitionLogs.length, (short) 1))).topicId(name).get()
        .toString();
    for (int p = 0; p < partitionLogs.length; p++) {
      TopicPartition tp = new TopicPartition(name, p);
      logs.put(tp, partitionLogs[p]);
      admin.updateBeginningOffsets(Map.of(tp, logStart));
      admin.updateEndOffsets(Map.of(tp, (long) partitionLogs[p].length()));
    }
    return id;
  }

  private KafkaStats stats() {
    return new KafkaStats(admin, new CommittedRecordReader(FakeConsumers.readCommitted(logs), PATIENT), PATIENT);
  }

  private RecordCounts noCounts() {
    return RecordCounts.load(dir.resolve("record-counts.json"));
  }

  @Test
  void countsTheCommittedRecordsOfEveryPartitionAndLeavesOutTopicsThatDoNotExist() throws Exception {
    String orders0 = "ccaamccm";
    String orders1 = "ccc";
    topic("orders", 0, orders0, orders1);
    topic("payments", 0, "");

    Map<String, Long> records = stats().committedRecords(List.of("orders", "payments", "refunds"), noCounts());

    assertThat(records).isEqualTo(Map.of("orders", committed(orders0) + committed(orders1), "payments", 0L));
  }

  @Test
  void extendsAKeptCountWithTheRecordsWrittenSinceAndKeepsTheNewOne() throws Exception {
    String log = "cccccmcm";
    int counted = 3;
    long keptCount = 1000; // not the real count, so that a recount would show
    String id = topic("orders", 0, log);
    RecordCounts counts = noCounts();
    counts.put("orders-0", new RecordCounts.Counted(id, 0, counted, keptCount));

    Map<String, Long> records = stats().committedRecords(List.of("orders"), counts);

    long total = keptCount + committed(log, counted, log.length());
    assertThat(records).isEqualTo(Map.of("orders", total));
    assertThat(counts.resumable("orders-0", id, 0, log.length()))
        .as("where the next count resumes")
        .isEqualTo(new RecordCounts.Counted(id, 0, log.length(), total));
  }

  @Test
  void recountsATopicThatWasRecreatedOrWhoseOldestRecordsWereDeleted() throws Exception {
    String log = "cccccc";
    int logStart = 2;
    topic("orders", 0, log);
    String paymentsId = topic("payments", logStart, log);
    RecordCounts counts = noCounts();
    counts.put("orders-0", new RecordCounts.Counted("an-earlier-topic-id", 0, 3, 1000));
    counts.put("payments-0", new RecordCounts.Counted(paymentsId, 0, 3, 1000));

    Map<String, Long> records = stats().committedRecords(List.of("orders", "payments"), counts);

    assertThat(records).isEqualTo(Map.of("orders", committed(log), "payments", committed(log, logStart, log.length())));
  }

  @Test
  void lagIsWhatEachCommittedPartitionStillHasToRead() throws Exception {
    topic("orders", 0, "cccccccccc", "ccccc", "ccccc");
    admin.updateConsumerGroupOffsets(Map.of(
        new TopicPartition("orders", 0), 2L,
        new TopicPartition("orders", 1), 5L,
        // past the last stable offset (a read_uncommitted group beyond an open transaction): no lag, not a negative one
        new TopicPartition("orders", 2), 7L));

    assertThat(stats().consumerLag("lakehouse-streams")).contains((10L - 2) + (5 - 5) + 0);
  }

  /** The sink reads outputs written in transactions: a marker follows every commit, and is no record to read. */
  @Test
  void lagCountsRecordsNotTheTransactionMarkersBetweenThem() throws Exception {
    topic("orders-enriched", 0, "ccmccm", "cmccam");
    admin.updateConsumerGroupOffsets(Map.of(
        // every record read: only the last commit's marker is left
        new TopicPartition("orders-enriched", 0), 5L,
        // two records left, a marker and an aborted record between and after them
        new TopicPartition("orders-enriched", 1), 1L));

    assertThat(stats().consumerLag("connect-lakehouse-iceberg-sink")).contains(0L + 2);
  }

  @Test
  void noLagBeforeTheGroupCommittedAnything() throws Exception {
    topic("orders", 0, "ccc");

    assertThat(stats().consumerLag("lakehouse-streams")).isEqualTo(Optional.empty());
  }

  @Test
  void aBrokerThatDoesNotAnswerFailsTheCount() throws Exception {
    topic("orders", 0, "ccc");
    admin.timeoutNextRequest(1);

    assertThatThrownBy(() -> stats().committedRecords(List.of("orders"), noCounts()))
        .isInstanceOf(org.apache.kafka.common.errors.TimeoutException.class);
  }

  @Test
  @Timeout(60)
  void anAnswerThatNeverComesFailsTheLagInsteadOfWaitingForIt() {
    MockAdminClient neverAnswering = new FakeKafkaAdmin() {
      @Override
      public synchronized ListOffsetsResult listOffsets(Map<TopicPartition, OffsetSpec> partitions,
          ListOffsetsOptions options) {
        return new ListOffsetsResult(partitions.keySet().stream()
            .collect(Collectors.toMap(tp -> tp, tp -> new KafkaFutureImpl<>())));
      }
    };
    neverAnswering.updateConsumerGroupOffsets(Map.of(new TopicPartition("orders", 0), 1L));
    KafkaStats stats = new KafkaStats(neverAnswering, new CommittedRecordReader(FakeConsumers.readCommitted(logs), PATIENT),
        Duration.ofSeconds(1));

    assertThatThrownBy(() -> stats.consumerLag("lakehouse-streams"))
        .isInstanceOf(TimeoutException.class);
  }
}
