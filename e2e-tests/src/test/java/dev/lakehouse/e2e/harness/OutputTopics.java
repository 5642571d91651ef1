package dev.lakehouse.e2e.harness;

import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.schemas.Topics;
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
    consumeAll(prefix + table.topic(), record -> count[0]++);
    return count[0];
  }

  @Override
  public List<Map<String, Object>> rows(OutputTable table) {
    List<Map<String, Object>> rows = new ArrayList<>();
    consumeAll(prefix + table.topic(), record -> {
      rows.add(OutputRecords.normalized(deserializer.deserialize(prefix + table.topic(), record.value())));
    });
    return rows;
  }

  /** The rows of {@code pipeline-ledger}, which no table of the oracle's has. */
  public List<Map<String, Object>> ledgerRows() {
    List<Map<String, Object>> rows = new ArrayList<>();
    String topic = prefix + Topics.PIPELINE_LEDGER;
    consumeAll(topic, record -> rows.add(OutputRecords.normalized(deserializer.deserialize(topic, record.value()))));
    return rows;
  }

  /** Every committed record of a topic, from the start to the current end. */
  private void consumeAll(String topic, Consumer<ConsumerRecord<String, byte[]>> sink) {
    try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
        ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000), new StringDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
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
