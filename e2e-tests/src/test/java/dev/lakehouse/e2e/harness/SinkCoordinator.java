package dev.lakehouse.e2e.harness;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.awaitility.Awaitility;

/** The Iceberg sink's coordinator, seen from Kafka: its consumer group on the control topic. */
public final class SinkCoordinator {
  private SinkCoordinator() {}

  /**
   * As if the worker had died between its Iceberg commit and its control-topic offset commit: the
   * next coordinator re-reads every data-written event from the start, and only the offsets in the
   * snapshot summaries (which expiry must keep reachable) tell it which are committed already.
   * Kafka refuses the rewind while the killed coordinator is still a group member (until its
   * session times out), hence the retries.
   */
  public static void rewindToStart(String bootstrapServers) {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
      Awaitility.await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofSeconds(2)).ignoreExceptions().until(() -> {
        String group = admin.listGroups().all().get().stream().map(GroupListing::groupId)
            .filter(id -> id.endsWith("-coord")).findFirst().orElseThrow();
        Map<TopicPartition, OffsetAndMetadata> start = new HashMap<>();
        admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get()
            .keySet().forEach(partition -> start.put(partition, new OffsetAndMetadata(0)));
        admin.alterConsumerGroupOffsets(group, start).all().get();
        System.out.println("rewound " + group + " to the start of " + start.keySet());
        return !start.isEmpty();
      });
    }
  }
}
