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

/** Record counts (end offsets) and consumer-group lag, read with the Kafka admin client. */
public final class KafkaStats implements AutoCloseable {
  private static final long TIMEOUT_SECONDS = 10;

  private final Admin admin;

  public KafkaStats(String bootstrapServers) {
    this.admin = Admin.create(Map.of(
        AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS),
        AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5000,
        // one failed connection attempt is enough to say the broker is down
        AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 1000));
  }

  /** Sum of the end offsets of each topic's partitions; topics that do not exist are left out. */
  public Map<String, Long> endOffsets(Collection<String> topics) throws Exception {
    Set<String> existing = get(admin.listTopics().names());
    List<String> present = topics.stream().filter(existing::contains).toList();
    Map<String, TopicDescription> descriptions = get(admin.describeTopics(present).allTopicNames());
    Map<TopicPartition, OffsetSpec> request = new HashMap<>();
    descriptions.values().forEach(d -> d.partitions().forEach(p ->
        request.put(new TopicPartition(d.name(), p.partition()), OffsetSpec.latest())));
    Map<TopicPartition, ListOffsetsResultInfo> offsets = get(admin.listOffsets(request).all());
    Map<String, Long> sums = new HashMap<>();
    present.forEach(topic -> sums.put(topic, 0L));
    offsets.forEach((tp, info) -> sums.merge(tp.topic(), info.offset(), Long::sum));
    return sums;
  }

  /**
   * Records the group still has to read: per partition it committed, the last stable offset (what a
   * read_committed consumer can reach) minus its committed offset. Empty when it committed nothing.
   */
  public Optional<Long> consumerLag(String group) throws Exception {
    Map<TopicPartition, OffsetAndMetadata> committed =
        get(admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata()).entrySet().stream()
            .filter(e -> e.getValue() != null)
            .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    if (committed.isEmpty()) {
      return Optional.empty();
    }
    Map<TopicPartition, OffsetSpec> request =
        committed.keySet().stream().collect(Collectors.toMap(tp -> tp, tp -> OffsetSpec.latest()));
    Map<TopicPartition, ListOffsetsResultInfo> ends =
        get(admin.listOffsets(request, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED)).all());
    long lag = 0;
    for (Map.Entry<TopicPartition, OffsetAndMetadata> entry : committed.entrySet()) {
      lag += Math.max(0, ends.get(entry.getKey()).offset() - entry.getValue().offset());
    }
    return Optional.of(lag);
  }

  private static <T> T get(KafkaFuture<T> future) throws Exception {
    try {
      return future.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof Exception cause ? cause : e;
    } catch (TimeoutException e) {
      throw new TimeoutException("Kafka did not answer within " + TIMEOUT_SECONDS + " s (is the stack up?)");
    }
  }

  @Override
  public void close() {
    admin.close(Duration.ofSeconds(2));
  }
}
