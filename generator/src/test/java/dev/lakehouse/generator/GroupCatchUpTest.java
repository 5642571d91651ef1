package dev.lakehouse.generator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.FakeKafkaAdmin;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The lag of a Streams app's group on its inputs and its own repartition topics, read from a fake cluster. */
class GroupCatchUpTest {
  private static final String GROUP = "lakehouse-streams";
  private static final String REPARTITION = GROUP + "-KSTREAM-KEY-SELECT-0000000004-repartition";
  private static final Duration SHORT = Duration.ofMillis(300);

  private final FakeKafkaAdmin kafka = new FakeKafkaAdmin();

  /**
   * orders-0 caught up, orders-1 3 behind, payments-0 7 behind (nothing committed), the repartition
   * topic 3 behind; the rest is not the group's to follow.
   */
  @BeforeEach
  void aClusterWithAGroupBehind() {
    topic(Topics.ORDERS, 10, 5);
    topic(Topics.PAYMENTS, 7);
    topic(REPARTITION, 4);
    topic(Topics.CUSTOMERS, 50);
    topic("other-app-KSTREAM-KEY-SELECT-0000000004-repartition", 100);
    // a replay's application id starts with the group's: its repartition topics are not the group's
    topic(GROUP + "-replay-2-KSTREAM-KEY-SELECT-0000000004-repartition", 60);
    topic(GROUP + "-KSTREAM-AGGREGATE-STATE-STORE-0000000005-changelog", 30);
    commit(Topics.ORDERS, 0, 10);
    commit(Topics.ORDERS, 1, 2);
    commit(REPARTITION, 0, 1);
  }

  @Test
  void lagIsCountedOnTheInputsAndTheGroupsOwnRepartitionTopicsOnly() throws Exception {
    try (GroupCatchUp group = follow(SHORT)) {
      assertThat(group.lag()).isEqualTo(Map.of(
          new TopicPartition(Topics.ORDERS, 1), 3L,
          new TopicPartition(Topics.PAYMENTS, 0), 7L,
          new TopicPartition(REPARTITION, 0), 3L));
    }
  }

  @Test
  void theAdminClientGetsTheBootstrapServersAndTheClientSettings() throws Exception {
    Map<String, Object> seen = new HashMap<>();
    try (GroupCatchUp group = new GroupCatchUp("kafka-1:9093", Map.of("security.protocol", "SASL_SSL"), GROUP, SHORT,
        settings -> {
          seen.putAll(settings);
          return kafka;
        })) {
      group.lag();
    }
    assertThat(seen).isEqualTo(Map.of("bootstrap.servers", "kafka-1:9093", "security.protocol", "SASL_SSL"));
  }

  @Test
  void returnsWhenTheLagIsAtMostTheBound() throws Exception {
    try (GroupCatchUp group = follow(SHORT)) {
      group.awaitLagAtMost(3 + 7 + 3);
      assertThatThrownBy(() -> group.awaitLagAtMost(3 + 7 + 3 - 1)).isInstanceOf(IllegalStateException.class);
    }
  }

  @Test
  void waitsUntilTheGroupCommitsWithinTheBound() throws Exception {
    CompletableFuture.runAsync(() -> commit(Topics.PAYMENTS, 0, 7),
        CompletableFuture.delayedExecutor(500, TimeUnit.MILLISECONDS));
    try (GroupCatchUp group = follow(Duration.ofSeconds(30))) {
      group.awaitLagAtMost(6);
      // returned after the commit, not before it
      assertThat(group.lag())
          .isEqualTo(Map.of(new TopicPartition(Topics.ORDERS, 1), 3L, new TopicPartition(REPARTITION, 0), 3L));
    }
  }

  @Test
  void theTailWaitsForEveryRecord() throws Exception {
    try (GroupCatchUp group = follow(SHORT)) {
      commit(Topics.ORDERS, 1, 5);
      commit(Topics.PAYMENTS, 0, 7);
      commit(REPARTITION, 0, 3);
      assertThatThrownBy(group::awaitBeforeTail).hasMessageContaining(new TopicPartition(REPARTITION, 0) + " by 1");

      commit(REPARTITION, 0, 4);
      group.awaitBeforeTail();
    }
  }

  @Test
  void aTimeoutNamesTheGroupAndThePartitionsStillBehind() throws Exception {
    try (GroupCatchUp group = follow(SHORT)) {
      assertThatThrownBy(() -> group.awaitLagAtMost(5))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("'" + GROUP + "'")
          .hasMessageContaining(SHORT.toString())
          .hasMessageContaining(new TopicPartition(Topics.ORDERS, 1) + " by 3")
          .hasMessageContaining(new TopicPartition(Topics.PAYMENTS, 0) + " by 7")
          .hasMessageContaining(new TopicPartition(REPARTITION, 0) + " by 3")
          .hasMessageNotContaining(new TopicPartition(Topics.ORDERS, 0).toString());
    }
  }

  @Test
  void aClusterThatDoesNotAnswerKeepsTheGateClosedWithAnUnknownLag() throws Exception {
    kafka.timeoutNextRequest(100);
    try (GroupCatchUp group = follow(SHORT)) {
      assertThatThrownBy(() -> group.awaitLagAtMost(1_000_000))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("still behind on unknown");
    }
  }

  private GroupCatchUp follow(Duration timeout) {
    return new GroupCatchUp("kafka-1:9092", Map.of(), GROUP, timeout, settings -> kafka);
  }

  /** A topic with one partition per end offset. */
  private void topic(String name, long... endOffsets) {
    List<TopicPartitionInfo> partitions = new ArrayList<>();
    for (int p = 0; p < endOffsets.length; p++) {
      partitions.add(new TopicPartitionInfo(p, FakeKafkaAdmin.BROKER, List.of(FakeKafkaAdmin.BROKER), List.of()));
      kafka.updateEndOffsets(Map.of(new TopicPartition(name, p), endOffsets[p]));
    }
    kafka.addTopic(false, name, partitions, Map.of());
  }

  /** The fake keeps one set of committed offsets whatever the group asked for. */
  private void commit(String topic, int partition, long offset) {
    kafka.updateConsumerGroupOffsets(Map.of(new TopicPartition(topic, partition), offset));
  }
}
