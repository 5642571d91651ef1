package dev.lakehouse.generator;

import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Follows a Kafka Streams application (its consumer group = application.id) by its committed
 * offsets on the input topics and on its own repartition topics.
 *
 * <p>Why: a record's window is decided by the stream time of the task that aggregates it, and
 * that task merges records from every upstream partition. If the app works through a backlog, one
 * upstream task can run minutes of event time ahead of another and make its records late. Keeping
 * the records not yet consumed below a bound keeps that skew below the bound's event-time span;
 * and the tail, which jumps an hour ahead, must wait until everything else was consumed.
 */
public final class GroupCatchUp implements TailGate, LagGate, AutoCloseable {
  private static final Duration POLL = Duration.ofMillis(200);

  private final String bootstrapServers;
  private final Map<String, String> clientSettings;
  private final String groupId;
  private final Duration timeout;
  private final Function<Map<String, Object>, Admin> admins;
  private Admin admin;

  public GroupCatchUp(String bootstrapServers, String groupId, Duration timeout) {
    this(bootstrapServers, Map.of(), groupId, timeout);
  }

  /** @param clientSettings Kafka client settings of the admin client (security) */
  public GroupCatchUp(String bootstrapServers, Map<String, String> clientSettings, String groupId, Duration timeout) {
    this(bootstrapServers, clientSettings, groupId, timeout, Admin::create);
  }

  /** @param admins creates the admin client from its settings (tests hand in a fake) */
  GroupCatchUp(String bootstrapServers, Map<String, String> clientSettings, String groupId, Duration timeout,
      Function<Map<String, Object>, Admin> admins) {
    this.bootstrapServers = bootstrapServers;
    this.clientSettings = Map.copyOf(clientSettings);
    this.groupId = groupId;
    this.timeout = timeout;
    this.admins = admins;
  }

  @Override
  public void awaitBeforeTail() throws InterruptedException {
    awaitLagAtMost(0, "produce the tail");
  }

  @Override
  public void awaitLagAtMost(long records) throws InterruptedException {
    awaitLagAtMost(records, "produce more events");
  }

  private void awaitLagAtMost(long records, String action) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    Map<TopicPartition, Long> lag = Map.of();
    while (System.nanoTime() < deadline) {
      lag = lag();
      if (lag.values().stream().mapToLong(Long::longValue).sum() <= records) {
        return;
      }
      Thread.sleep(POLL.toMillis());
    }
    throw new IllegalStateException("Cannot " + action + ": consumer group '" + groupId + "' did not catch up to "
        + records + " records behind within " + timeout + "; still behind on " + describe(lag)
        + " (is the Streams app running with application.id=" + groupId + "?)");
  }

  /** Records not yet consumed (committed) per partition of the inputs and repartition topics; -1 when unknown. */
  Map<TopicPartition, Long> lag() throws InterruptedException {
    try {
      Admin client = admin();
      Map<TopicPartition, OffsetAndMetadata> committed =
          client.listConsumerGroupOffsets(groupId).partitionsToOffsetAndMetadata().get();
      // the group's own repartition topics: those it committed offsets of (another application
      // whose id starts with this one's, a replay's, has topics with the same prefix)
      Set<String> consumed = committed.keySet().stream().map(TopicPartition::topic).collect(Collectors.toSet());
      List<String> topics = client.listTopics().names().get().stream()
          .filter(t -> t.equals(Topics.ORDERS) || t.equals(Topics.PAYMENTS)
              || (t.startsWith(groupId + "-") && t.endsWith("-repartition") && consumed.contains(t)))
          .toList();
      Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
      for (TopicDescription description : client.describeTopics(topics).allTopicNames().get().values()) {
        description.partitions().forEach(p -> latest.put(new TopicPartition(description.name(), p.partition()), OffsetSpec.latest()));
      }
      Map<TopicPartition, Long> lag = new HashMap<>();
      client.listOffsets(latest).all().get().forEach((partition, end) -> {
        OffsetAndMetadata position = committed.get(partition);
        long behind = end.offset() - (position == null ? 0 : position.offset());
        if (behind > 0) {
          lag.put(partition, behind);
        }
      });
      return lag;
    } catch (ExecutionException e) {
      return Map.of(new TopicPartition("unknown: " + e.getCause().getMessage(), 0), Long.MAX_VALUE / 4);
    }
  }

  private static String describe(Map<TopicPartition, Long> lag) {
    return lag.entrySet().stream()
        .map(e -> e.getKey() + " by " + e.getValue())
        .sorted()
        .collect(Collectors.joining(", "));
  }

  private Admin admin() {
    if (admin == null) {
      Map<String, Object> props = new HashMap<>(clientSettings);
      props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
      admin = admins.apply(props);
    }
    return admin;
  }

  @Override
  public void close() {
    if (admin != null) {
      admin.close(Duration.ofSeconds(5));
      admin = null;
    }
  }
}
