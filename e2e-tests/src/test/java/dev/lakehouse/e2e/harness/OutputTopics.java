package dev.lakehouse.e2e.harness;

import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.serde.AvroDeserializer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads the Streams app's output topics (read_committed, as the sink does) as rows: checks the
 * topology's output without the sink, so that a difference is attributed to the right stage.
 */
public final class OutputTopics implements RowSource {
  private final String bootstrapServers;
  private final String prefix;
  private final AvroDeserializer deserializer = new AvroDeserializer();

  public OutputTopics(String bootstrapServers) {
    this(bootstrapServers, "");
  }

  /** The topics a Streams app writes under {@code output.topic-prefix} (a replay's). */
  public OutputTopics(String bootstrapServers, String prefix) {
    this.bootstrapServers = bootstrapServers;
    this.prefix = prefix;
    deserializer.configure(Map.of(SchemaRegistries.URL_CONFIG, "file:"), false);
  }

  @Override
  public long rowCount(OutputTable table) {
    long[] count = {0};
    consumeAll(table.topic(), record -> count[0]++);
    return count[0];
  }

  @Override
  public List<Map<String, Object>> rows(OutputTable table) {
    return rows(table.topic());
  }

  /** Every committed record of an output topic (its contract name; under the prefix), each as a normalized row. */
  public List<Map<String, Object>> rows(String topic) {
    List<Map<String, Object>> rows = new ArrayList<>();
    consumeAll(topic, record -> {
      rows.add(OutputRecords.normalized(deserializer.deserialize(prefix + topic, record.value())));
    });
    return rows;
  }

  /** Every committed record of a topic (an input topic too: the prefix is put before it), as read. */
  public List<ConsumerRecord<String, byte[]>> records(String topic) {
    List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
    consumeAll(topic, records::add);
    return records;
  }

  /** Every committed record of the topic, from the start to the current end. */
  private void consumeAll(String topic, Consumer<ConsumerRecord<String, byte[]>> sink) {
    try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
        ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000), new StringDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> partitions = consumer.partitionsFor(prefix + topic).stream()
          .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      // with read_committed, the end offsets are the last stable offsets
      Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
      while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))) {
        consumer.poll(Duration.ofMillis(200)).forEach(sink);
      }
    }
  }
}
