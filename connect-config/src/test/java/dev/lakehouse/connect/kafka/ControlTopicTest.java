package dev.lakehouse.connect.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.MockAdminClient;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The control topic against MockAdminClient: what is created, what is left alone, what a failure says. */
class ControlTopicTest {
  private static final String TOPIC = "lakehouse-iceberg-sink-control";
  private static final String BOOTSTRAP = "broker-1:9092,broker-2:9092";
  private static final Map<String, String> CONFIG = Map.of(
      "iceberg.kafka.bootstrap.servers", BOOTSTRAP,
      "iceberg.kafka.security.protocol", "SSL",
      "iceberg.catalog.uri", "jdbc:sqlite:/tmp/catalog.db",
      "topics", "orders-enriched");

  /** The settings of every admin client opened, in order. */
  private final List<Map<String, Object>> opened = new ArrayList<>();

  @Test
  void theAdminClientGetsTheSinksKafkaSettingsWithoutTheirPrefixAndABoundedApiTimeout() {
    ensure(cluster(1));

    assertThat(opened).singleElement().isEqualTo(Map.of(
        AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, BOOTSTRAP,
        AdminClientConfig.SECURITY_PROTOCOL_CONFIG, "SSL",
        AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "30000"));
  }

  @ParameterizedTest(name = "{0} brokers: replication factor {1}")
  @CsvSource({"1, 1", "2, 2", "3, 3", "5, 3"})
  void aMissingTopicIsCreatedWithOnePartitionOnAsManyBrokersAsThereAreUpToThree(int brokers, int replicas) throws Exception {
    MockAdminClient admin = cluster(brokers);

    boolean created = ensure(admin);

    assertThat(created).isTrue();
    assertThat(describe(admin).partitions()).singleElement()
        .satisfies(partition -> assertThat(partition.replicas()).hasSize(replicas));
  }

  @Test
  void anExistingTopicIsLeftAsItIs() throws Exception {
    MockAdminClient admin = cluster(3);
    admin.addTopic(false, TOPIC, partitions(admin.brokers(), 2), Map.of());

    boolean created = ensure(admin);

    assertThat(created).isFalse();
    assertThat(describe(admin).partitions()).hasSize(2);
  }

  /** Another apply creates the topic after this one listed the topics and before it creates it. */
  @Test
  void aTopicCreatedConcurrentlyCountsAsExisting() throws Exception {
    List<Node> brokers = List.of(new Node(0, "broker-1", 9092));
    MockAdminClient admin = new MockAdminClient(brokers, brokers.get(0)) {
      @Override
      public synchronized DescribeClusterResult describeCluster(DescribeClusterOptions options) {
        addTopic(false, TOPIC, partitions(brokers, 2), Map.of());
        return super.describeCluster(options);
      }
    };

    boolean created = ensure(admin);

    assertThat(created).isFalse();
    assertThat(describe(admin).partitions()).hasSize(2);
  }

  @Test
  void aBrokerFailureNamesTheTopicAndTheBootstrapServersAndKeepsTheCause() throws Exception {
    MockAdminClient admin = cluster(1);
    admin.timeoutNextRequest(1);

    assertThatThrownBy(() -> ensure(admin))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("Cannot create the control topic " + TOPIC + " on " + BOOTSTRAP + ": ")
        .hasCauseInstanceOf(TimeoutException.class);
    assertThat(admin.listTopics().names().get()).doesNotContain(TOPIC);
  }

  @Test
  void withoutBootstrapServersItFailsBeforeOpeningAClient() {
    Map<String, String> config = Map.of("iceberg.kafka.security.protocol", "SSL");

    assertThatThrownBy(() -> ControlTopic.ensure(config, TOPIC, recording(cluster(1))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot create the control topic " + TOPIC + ": iceberg.kafka.bootstrap.servers is not set");
    assertThat(opened).isEmpty();
  }

  private boolean ensure(MockAdminClient admin) {
    return ControlTopic.ensure(CONFIG, TOPIC, recording(admin));
  }

  /** A factory that records the settings it is given and answers with the fake. */
  private Function<Map<String, Object>, Admin> recording(MockAdminClient admin) {
    return settings -> {
      opened.add(settings);
      return admin;
    };
  }

  private static MockAdminClient cluster(int brokers) {
    return MockAdminClient.create().numBrokers(brokers).build();
  }

  /** Partitions led by the first broker, replicated on all. */
  private static List<TopicPartitionInfo> partitions(List<Node> brokers, int count) {
    List<TopicPartitionInfo> partitions = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      partitions.add(new TopicPartitionInfo(i, brokers.get(0), brokers, brokers));
    }
    return partitions;
  }

  // MockAdminClient.close() is a no-op: the fake can still be asked what ControlTopic left behind
  private static TopicDescription describe(MockAdminClient admin) throws Exception {
    return admin.describeTopics(List.of(TOPIC)).allTopicNames().get().get(TOPIC);
  }
}
