package dev.lakehouse.testkit;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/**
 * Waits, after creating topics, until the broker serves every partition of them as its leader. An
 * idempotent producer that writes to a partition the broker has not taken up yet can see its first
 * batch refused and a later one accepted, and then retries the first until it expires (KAFKA-15591).
 * The broker's metadata names a leader before the partition is online, so the wait asks each
 * partition's leader for its end offset, which only an online leader answers.
 */
public final class TopicLeaders {
  private static final long TIMEOUT_SECONDS = 60;

  private TopicLeaders() {}

  public static void await(Admin admin, Collection<String> topics) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
    while (!everyPartitionOnline(admin, topics)) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("Kafka created " + topics + " but does not serve every partition after "
            + TIMEOUT_SECONDS + " s (is the broker overloaded or shutting down?)");
      }
      Thread.sleep(50);
    }
  }

  private static boolean everyPartitionOnline(Admin admin, Collection<String> topics) throws InterruptedException {
    try {
      Map<TopicPartition, OffsetSpec> ends = admin.describeTopics(topics).allTopicNames().get().values().stream()
          .flatMap(topic -> topic.partitions().stream().map(p -> new TopicPartition(topic.name(), p.partition())))
          .collect(Collectors.toMap(Function.identity(), partition -> OffsetSpec.latest()));
      admin.listOffsets(ends).all().get();
      return true;
    } catch (ExecutionException notOnlineYet) {
      return false;
    }
  }
}
