package dev.lakehouse.testkit;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsOptions;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsResult;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec;
import org.apache.kafka.clients.admin.MockAdminClient;
import org.apache.kafka.common.Node;

/**
 * Kafka's {@link MockAdminClient} with one broker, answering a group's committed offsets of all its
 * partitions: the mock (4.3.1) throws a NullPointerException on the spec that
 * {@code listConsumerGroupOffsets(group)} sends (no partitions: all of them), and reads an empty list
 * as all. Unit tests of the code that follows a consumer group use it instead of a broker.
 */
public class FakeKafkaAdmin extends MockAdminClient {
  public static final Node BROKER = new Node(0, "localhost", 9092);

  public FakeKafkaAdmin() {
    super(List.of(BROKER), BROKER);
  }

  @Override
  public synchronized ListConsumerGroupOffsetsResult listConsumerGroupOffsets(
      Map<String, ListConsumerGroupOffsetsSpec> groupSpecs, ListConsumerGroupOffsetsOptions options) {
    Map<String, ListConsumerGroupOffsetsSpec> specs = new HashMap<>();
    groupSpecs.forEach((group, spec) -> specs.put(group,
        spec.topicPartitions() == null ? new ListConsumerGroupOffsetsSpec().topicPartitions(List.of()) : spec));
    return super.listConsumerGroupOffsets(specs, options);
  }
}
