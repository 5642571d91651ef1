package dev.lakehouse.testkit;

import java.util.Collection;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;

/**
 * Waits, after creating topics, until the broker serves every partition of them. An idempotent
 * producer that writes to a partition the broker has not taken up yet can see its first batch
 * refused and a later one accepted, and then retries the first until it expires (KAFKA-15591).
 */
public final class TopicLeaders {
  private static final long TIMEOUT_SECONDS = 60;

  private TopicLeaders() {}

  public static void await(Admin admin, Collection<String> topics) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
    while (!everyPartitionLed(admin, topics)) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("Kafka created " + topics + " but has not elected a leader for every partition in "
            + TIMEOUT_SECONDS + " s (is the broker overloaded or shutting down?)");
      }
      Thread.sleep(50);
    }
  }

  private static boolean everyPartitionLed(Admin admin, Collection<String> topics) throws InterruptedException {
    try {
      return admin.describeTopics(topics).allTopicNames().get().values().stream()
          .flatMap(topic -> topic.partitions().stream())
          .allMatch(partition -> partition.leader() != null && !partition.leader().isEmpty());
    } catch (ExecutionException notKnownYet) {
      return false;
    }
  }
}
