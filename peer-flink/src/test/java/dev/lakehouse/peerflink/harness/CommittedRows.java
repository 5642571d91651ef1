package dev.lakehouse.peerflink.harness;

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

/** What a {@code read_committed} reader sees in a topic, values read with a contract's schema. */
public final class CommittedRows {
  private CommittedRows() {}

  /** Everything committed in {@code topic} up to its last stable offsets, with {@code contractTopic}'s schema. */
  public static List<ConsumerRecord<String, GenericRecord>> read(String bootstrapServers, String topic,
      String contractTopic) {
    AvroDeserializer values = new AvroDeserializer(
        SchemaRegistries.fromConfig(Map.of("schema.registry.url", "file:")), Topics.valueSchema(contractTopic));
    Map<String, Object> props = Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    try (KafkaConsumer<String, GenericRecord> consumer = new KafkaConsumer<>(props, new StringDeserializer(), values)) {
      List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
          .map(info -> new TopicPartition(topic, info.partition())).toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
      List<ConsumerRecord<String, GenericRecord>> records = new ArrayList<>();
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (ends.entrySet().stream().anyMatch(end -> consumer.position(end.getKey()) < end.getValue())) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("Cannot read " + topic + " to its end offsets " + ends + " within 30 s");
        }
        consumer.poll(Duration.ofMillis(200)).forEach(records::add);
      }
      return records;
    }
  }
}
