package dev.lakehouse.local.status;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;

/** Committed record counts and consumer-group lag, read with the Kafka admin client (and a consumer for counts). */
public final class KafkaStats implements AutoCloseable {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final Admin admin;
  private final CommittedRecordReader reader;
  private final Duration timeout;

  public KafkaStats(String bootstrapServers) {
    this(Admin.create(Map.of(
        AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis(),
        AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5000,
        // one failed connection attempt is enough to say the broker is down
        AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 1000)), new CommittedRecordReader(bootstrapServers), TIMEOUT);
  }

  /**
   * Reads with {@code admin}, which it closes, and counts with {@code reader} (fakes in unit tests);
   * an answer that takes longer than {@code timeout} fails the read.
   */
  KafkaStats(Admin admin, CommittedRecordReader reader, Duration timeout) {
    this.admin = admin;
    this.reader = reader;
    this.timeout = timeout;
  }

  /**
   * Committed records per topic (transaction markers and aborted records not counted); topics that
   * do not exist are left out. Reads only the records written since the counts in {@code counts}
   * were taken, up to the last stable offset, and puts the new counts there.
   */
  public Map<String, Long> committedRecords(Collection<String> topics, RecordCounts counts) throws Exception {
    Set<String> existing = get(admin.listTopics().names());
    List<String> present = topics.stream().filter(existing::contains).toList();
    Map<String, TopicDescription> descriptions = get(admin.describeTopics(present).allTopicNames());
    Map<TopicPartition, String> topicIds = new HashMap<>();
    descriptions.values().forEach(d -> d.partitions().forEach(p ->
        topicIds.put(new TopicPartition(d.name(), p.partition()), d.topicId().toString())));
    Map<TopicPartition, Long> starts = offsets(topicIds.keySet(), OffsetSpec.earliest());
    Map<TopicPartition, Long> ends = offsets(topicIds.keySet(), OffsetSpec.latest());
    Map<TopicPartition, RecordCounts.Counted> resumed = new HashMap<>();
    Map<TopicPartition, CommittedRecordReader.Range> unread = new HashMap<>();
    topicIds.forEach((tp, id) -> {
      RecordCounts.Counted counted = counts.resumable(tp.toString(), id, starts.get(tp), ends.get(tp));
      resumed.put(tp, counted);
      if (counted.position() < ends.get(tp)) {
        unread.put(tp, new CommittedRecordReader.Range(counted.position(), ends.get(tp)));
      }
    });
    Map<TopicPartition, Long> read = reader.count(unread);
    Map<String, Long> sums = new HashMap<>();
    present.forEach(topic -> sums.put(topic, 0L));
    resumed.forEach((tp, counted) -> {
      long total = counted.count() + read.getOrDefault(tp, 0L);
      counts.put(tp.toString(), new RecordCounts.Counted(counted.topicId(), counted.logStart(), ends.get(tp), total));
      sums.merge(tp.topic(), total, Long::sum);
    });
    return sums;
  }

  /** Per partition: the offset of {@code spec} as a read_committed consumer sees it (latest = last stable offset). */
  private Map<TopicPartition, Long> offsets(Collection<TopicPartition> partitions, OffsetSpec spec) throws Exception {
    Map<TopicPartition, OffsetSpec> request = partitions.stream().collect(Collectors.toMap(tp -> tp, tp -> spec));
    Map<TopicPartition, ListOffsetsResultInfo> offsets =
        get(admin.listOffsets(request, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED)).all());
    return offsets.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().offset()));
  }

  /**
   * Records the group still has to read: per partition it committed, the committed records between its
   * committed offset and the last stable offset (what a read_committed consumer can reach). Counted,
   * not subtracted: in a topic written in transactions (every output of the Streams app) each commit
   * leaves a marker at an offset of its own, so a group that has read every record still sits an offset
   * or more below the end (24 "behind" with everything landed, before 2026-12-06). Empty when it
   * committed nothing.
   */
  public Optional<Long> consumerLag(String group) throws Exception {
    Map<TopicPartition, OffsetAndMetadata> committed =
        get(admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata()).entrySet().stream()
            .filter(e -> e.getValue() != null)
            .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    if (committed.isEmpty()) {
      return Optional.empty();
    }
    Map<TopicPartition, Long> ends = offsets(committed.keySet(), OffsetSpec.latest());
    Map<TopicPartition, CommittedRecordReader.Range> unread = new HashMap<>();
    committed.forEach((tp, offset) -> {
      if (offset.offset() < ends.get(tp)) {
        unread.put(tp, new CommittedRecordReader.Range(offset.offset(), ends.get(tp)));
      }
    });
    return Optional.of(reader.count(unread).values().stream().mapToLong(Long::longValue).sum());
  }

  private <T> T get(KafkaFuture<T> future) throws Exception {
    try {
      return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    } catch (TimeoutException e) {
      throw new TimeoutException("Kafka did not answer within " + timeout.toMillis() + " ms (is the stack up?)");
    }
  }

  @Override
  public void close() {
    admin.close(Duration.ofSeconds(2));
  }
}
