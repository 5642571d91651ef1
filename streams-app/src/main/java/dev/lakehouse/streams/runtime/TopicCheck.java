package dev.lakehouse.streams.runtime;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.AuthenticationException;

/**
 * Checks at startup that the topics the topology reads and writes exist, and reads the partition
 * count the topology needs. The app does not create topics: partitions, replication and retention
 * are the platform's choice (the local stack creates them); without this check Kafka Streams would
 * wait for missing source topics with only a log line.
 */
public final class TopicCheck {
  private final Map<String, Object> adminSettings;
  private final Duration timeout;
  private final Function<Map<String, Object>, Admin> admins;

  public TopicCheck(Map<String, Object> adminSettings, Duration timeout) {
    this(adminSettings, timeout, Admin::create);
  }

  /** @param admins creates an admin client from the settings for each request (tests hand in a fake) */
  TopicCheck(Map<String, Object> adminSettings, Duration timeout, Function<Map<String, Object>, Admin> admins) {
    this.adminSettings = adminSettings;
    this.timeout = timeout;
    this.admins = admins;
  }

  /** Throws a {@link StartupException} naming the missing topics, or saying the brokers did not answer. */
  public void requireTopics(Collection<String> required) {
    Set<String> existing = ask("list the topics",
        admin -> admin.listTopics(new ListTopicsOptions().timeoutMs((int) timeout.toMillis())).names());
    List<String> missing = required.stream().filter(topic -> !existing.contains(topic)).sorted().toList();
    if (!missing.isEmpty()) {
      throw new StartupException("Cannot start: topic(s) " + missing + " do not exist on " + servers()
          + "; create them (the local stack does at startup) or set startup.topic-check.enabled=false");
    }
  }

  /**
   * The partition count of two topics that must be partitioned alike (records of one key meet in
   * one task), or a {@link StartupException} naming both counts.
   */
  public int sharedPartitionCount(String first, String second) {
    Map<String, TopicDescription> topics = ask("describe " + first + " and " + second,
        admin -> admin.describeTopics(List.of(first, second),
            new DescribeTopicsOptions().timeoutMs((int) timeout.toMillis())).allTopicNames());
    int firstCount = topics.get(first).partitions().size();
    int secondCount = topics.get(second).partitions().size();
    if (firstCount != secondCount) {
      throw new StartupException("Cannot start: " + first + " has " + firstCount + " partitions and " + second
          + " has " + secondCount + "; they must have the same count (an order and its payments are matched in "
          + "the task of their partition)");
    }
    return firstCount;
  }

  private <T> T ask(String action, Function<Admin, KafkaFuture<T>> request) {
    try (Admin admin = admins.apply(adminSettings)) {
      return request.apply(admin).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof AuthenticationException refused) {
        throw new StartupException("Cannot " + action + " on " + servers() + ": Kafka refused the connection ("
            + refused.getMessage() + "); check kafka.security.protocol, kafka.sasl.mechanism, kafka.sasl.jaas.config "
            + "(LAKEHOUSE_STREAMS_KAFKA_SASL_JAAS_CONFIG) and the kafka.ssl.truststore.* settings", refused);
      }
      throw new StartupException("Cannot " + action + " on " + servers() + ": " + e.getCause().getMessage()
          + " (within " + timeout.toSeconds() + "s); is Kafka running and kafka.bootstrap.servers right?", e);
    } catch (TimeoutException e) {
      throw new StartupException("Cannot " + action + " on " + servers() + ": no answer within "
          + timeout.toSeconds() + "s (" + e.getMessage() + "); is Kafka running and kafka.bootstrap.servers right?", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StartupException("Cannot " + action + " on " + servers() + ": interrupted", e);
    }
  }

  private Object servers() {
    return adminSettings.get("bootstrap.servers");
  }
}
