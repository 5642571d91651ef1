package dev.lakehouse.peerflink.job;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

/**
 * What the job's operators need to know, shipped with them to the task managers. The knobs and
 * their defaults are the Streams app's (streams-app TOPOLOGY.md, "Settings").
 *
 * @param topicPrefix prefix of every output topic, so that both systems can write to one broker
 * @param registryConfig schema registry client settings ({@code schema.registry.url}, ...)
 * @param paymentJoinMaxInputSkew how far one input of a partition may run behind the other before a
 *     deadline falls due on the one ahead alone
 * @param inputPartitions the partition count of {@code orders} and of {@code payments} (read from
 *     Kafka at startup): the order tracker owns whole input partitions, and a window closes once
 *     every partition has closed it
 */
public record JobSettings(
    String topicPrefix,
    Map<String, String> registryConfig,
    Duration windowGrace,
    Duration dedupWindow,
    Duration maxFutureSkew,
    Duration horizon,
    Set<String> currencies,
    Set<String> orderStatuses,
    Set<String> paymentOutcomes,
    BigDecimal maxAmount,
    Duration referenceHistoryRetention,
    Duration paymentJoinWindow,
    Duration paymentJoinMaxInputSkew,
    int inputPartitions)
    implements Serializable {

  public static final Duration WINDOW_SIZE = Duration.ofMinutes(1);

  public JobSettings {
    registryConfig = Map.copyOf(registryConfig);
    currencies = Set.copyOf(currencies);
    orderStatuses = Set.copyOf(orderStatuses);
    paymentOutcomes = Set.copyOf(paymentOutcomes);
  }

  /** The topic this job writes a contract topic's rows to. */
  public String outputTopic(String contractTopic) {
    return topicPrefix + contractTopic;
  }
}
