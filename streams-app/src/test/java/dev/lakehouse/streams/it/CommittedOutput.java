package dev.lakehouse.streams.it;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.serde.AvroDeserializer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/** Reads an output topic from the beginning as a {@code read_committed} consumer: what downstream sees. */
final class CommittedOutput implements AutoCloseable {
  private final KafkaConsumer<String, GenericRecord> consumer;
  private final List<ConsumerRecord<String, GenericRecord>> records = new ArrayList<>();

  CommittedOutput(String bootstrapServers, String topic) {
    Map<String, Object> props = Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    AvroDeserializer values = new AvroDeserializer(
        SchemaRegistries.fromConfig(Map.of("schema.registry.url", "file:")), Topics.valueSchema(topic));
    consumer = new KafkaConsumer<>(props, new StringDeserializer(), values);
    List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
        .map(info -> new TopicPartition(topic, info.partition())).toList();
    consumer.assign(partitions);
    consumer.seekToBeginning(partitions);
  }

  /** Everything committed so far (reads what arrived since the last call). */
  List<ConsumerRecord<String, GenericRecord>> poll() {
    consumer.poll(Duration.ofMillis(200)).forEach(records::add);
    return records;
  }

  /** Everything committed up to the current last stable offsets. */
  List<ConsumerRecord<String, GenericRecord>> readToEnd() {
    Map<TopicPartition, Long> ends = consumer.endOffsets(consumer.assignment());
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (ends.entrySet().stream().anyMatch(end -> consumer.position(end.getKey()) < end.getValue())) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("Cannot read to the end offsets " + ends + " within 30s");
      }
      poll();
    }
    return records;
  }

  @Override
  public void close() {
    consumer.close();
  }
}
