package dev.lakehouse.e2e.harness;

import java.util.Map;
import org.apache.kafka.clients.producer.Partitioner;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.utils.Utils;

/**
 * A producer partitioner that spreads keys over every partition but the last, as Kafka's default
 * does over all of them: a run produced with it leaves the last partition of each topic idle. Keys
 * keep their topic-independent placement, so an order and its payments still share a partition.
 */
public final class PartitionsButTheLast implements Partitioner {
  @Override
  public int partition(String topic, Object key, byte[] keyBytes, Object value, byte[] valueBytes, Cluster cluster) {
    int partitions = cluster.partitionsForTopic(topic).size();
    if (partitions < 2 || keyBytes == null) {
      return 0;
    }
    return Utils.toPositive(Utils.murmur2(keyBytes)) % (partitions - 1);
  }

  @Override
  public void configure(Map<String, ?> configs) {}

  @Override
  public void close() {}
}
