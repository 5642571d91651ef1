package dev.lakehouse.streams.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.DescribeTopicsResult;
import org.apache.kafka.clients.admin.MockAdminClient;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicCollection;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.internals.KafkaFutureImpl;
import org.junit.jupiter.api.Test;

/** The startup check of the topics against a fake cluster. */
class TopicCheckTest {
  private static final String SERVERS = "kafka-1:9092";
  private static final Duration TIMEOUT = Duration.ofSeconds(1);

  private final MockAdminClient kafka = MockAdminClient.create().numBrokers(1).build();

  @Test
  void topicsThatAllExistPass() {
    topic(Topics.ORDERS, 3);
    topic(Topics.PAYMENTS, 3);
    topic(Topics.CUSTOMERS, 1);

    assertThatCode(() -> checkOn(kafka).requireTopics(List.of(Topics.ORDERS, Topics.PAYMENTS, Topics.CUSTOMERS)))
        .doesNotThrowAnyException();
  }

  @Test
  void missingTopicsAreNamedSorted() {
    topic(Topics.ORDERS, 3);
    topic(Topics.LATE_EVENTS, 1);

    assertThatThrownBy(() -> checkOn(kafka).requireTopics(
        List.of(Topics.PAYMENTS, Topics.ORDERS, Topics.MERCHANTS, Topics.CUSTOMERS)))
        .isInstanceOf(StartupException.class)
        .hasMessageContaining(List.of(Topics.CUSTOMERS, Topics.MERCHANTS, Topics.PAYMENTS).toString())
        .hasMessageContaining(SERVERS)
        .hasMessageNotContaining(Topics.ORDERS);
  }

  @Test
  void inputsPartitionedAlikeGiveTheirCount() {
    topic(Topics.ORDERS, 6);
    topic(Topics.PAYMENTS, 6);

    assertThat(checkOn(kafka).sharedPartitionCount(Topics.ORDERS, Topics.PAYMENTS)).isEqualTo(6);
  }

  @Test
  void inputsPartitionedDifferentlyNameBothCounts() {
    topic(Topics.ORDERS, 3);
    topic(Topics.PAYMENTS, 2);

    assertThatThrownBy(() -> checkOn(kafka).sharedPartitionCount(Topics.ORDERS, Topics.PAYMENTS))
        .isInstanceOf(StartupException.class)
        .hasMessageContaining(Topics.ORDERS + " has 3 partitions")
        .hasMessageContaining(Topics.PAYMENTS + " has 2");
  }

  @Test
  void refusedCredentialsPointAtTheSecuritySettings() {
    KafkaFutureImpl<TopicDescription> refused = new KafkaFutureImpl<>();
    refused.completeExceptionally(new SaslAuthenticationException("Authentication failed: invalid credentials"));

    assertThatThrownBy(() -> checkOn(describing(refused)).sharedPartitionCount(Topics.ORDERS, Topics.PAYMENTS))
        .isInstanceOf(StartupException.class)
        .hasMessageContaining("Authentication failed: invalid credentials")
        .hasMessageContaining("kafka.sasl.jaas.config")
        .hasMessageContaining(SERVERS)
        .hasCauseInstanceOf(SaslAuthenticationException.class);
  }

  @Test
  void aClientTimeoutNamesTheRequestAndTheTimeout() {
    // how the admin client reports brokers that did not answer within the request's timeout
    kafka.timeoutNextRequest(1);

    assertThatThrownBy(() -> checkOn(kafka).requireTopics(List.of(Topics.ORDERS)))
        .isInstanceOf(StartupException.class)
        .hasMessageContaining("list the topics on " + SERVERS)
        .hasMessageContaining("within " + TIMEOUT.toSeconds() + "s")
        .hasRootCauseInstanceOf(org.apache.kafka.common.errors.TimeoutException.class);
  }

  @Test
  void aRequestLeftUnansweredEndsAfterTheTimeout() {
    TopicCheck check = checkOn(describing(new KafkaFutureImpl<>()));

    assertThatThrownBy(() -> check.sharedPartitionCount(Topics.ORDERS, Topics.PAYMENTS))
        .isInstanceOf(StartupException.class)
        .hasMessageContaining("describe " + Topics.ORDERS + " and " + Topics.PAYMENTS + " on " + SERVERS)
        .hasMessageContaining("no answer within " + TIMEOUT.toSeconds() + "s")
        .hasCauseInstanceOf(java.util.concurrent.TimeoutException.class);
  }

  private static TopicCheck checkOn(Admin admin) {
    return new TopicCheck(Map.of("bootstrap.servers", SERVERS), TIMEOUT, settings -> admin);
  }

  private void topic(String name, int partitions) {
    List<TopicPartitionInfo> infos = IntStream.range(0, partitions)
        .mapToObj(p -> new TopicPartitionInfo(p, kafka.broker(0), List.of(kafka.broker(0)), List.of()))
        .toList();
    kafka.addTopic(false, name, infos, Map.of());
  }

  /** A cluster answering every topic description with the given future (MockAdminClient cannot fail with these). */
  private static MockAdminClient describing(KafkaFuture<TopicDescription> answer) {
    return new MockAdminClient() {
      @Override
      public synchronized DescribeTopicsResult describeTopics(TopicCollection topics, DescribeTopicsOptions options) {
        Map<String, KafkaFuture<TopicDescription>> answers = new HashMap<>();
        ((TopicCollection.TopicNameCollection) topics).topicNames().forEach(name -> answers.put(name, answer));
        return new DescribeTopicsResult(null, answers) {};
      }
    };
  }
}
