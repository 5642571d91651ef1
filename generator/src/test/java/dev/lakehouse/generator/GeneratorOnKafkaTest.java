package dev.lakehouse.generator;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.KafkaFixture;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeneratorOnKafkaTest {
  @Test
  void everyPlannedRecordLandsWhereTheRunSaysWithItsBytesAndTimestamp(@TempDir Path dir) throws Exception {
    try (KafkaFixture kafka = KafkaFixture.start(dir.resolve("kafka"))) {
      kafka.createTopics(3, Topics.INPUTS.toArray(String[]::new));
      Path manifestPath = dir.resolve("manifest.json");
      GeneratorConfig config = GeneratorConfig.builder()
          .bootstrapServers(kafka.bootstrapServers())
          .events(3_000)
          .eventsPerMinute(300)
          .malformedFraction(0.02)
          .startTime(Instant.parse("2026-11-29T04:00:00Z"))
          .manifestPath(manifestPath)
          .build();

      GeneratorRun run = Generator.run(config, TailGate.NONE);

      Map<String, ConsumerRecord<String, byte[]>> landed = readAll(kafka.bootstrapServers());
      assertThat(landed).hasSize(run.records().size());
      for (ProducedRecord produced : run.records()) {
        ConsumerRecord<String, byte[]> record = landed.get(produced.topic() + "/" + produced.partition() + "/" + produced.offset());
        assertThat(record).as("record at %s/%d/%d", produced.topic(), produced.partition(), produced.offset()).isNotNull();
        assertThat(record.key()).isEqualTo(produced.planned().key());
        assertThat(record.value()).isEqualTo(produced.planned().valueBytes());
        assertThat(record.timestamp()).isEqualTo(produced.planned().timestamp().toEpochMilli());
      }
      JsonNode manifest = new ObjectMapper().readTree(manifestPath.toFile());
      assertThat(manifest.get("total").asLong()).isEqualTo(run.records().size());
      for (String topic : Topics.INPUTS) {
        long onTopic = landed.keySet().stream().filter(k -> k.startsWith(topic + "/")).count();
        assertThat(manifest.at("/topics/" + topic + "/total").asLong()).isEqualTo(onTopic);
      }
      assertThat(manifest.at("/topics/orders/TAIL").asLong()).isGreaterThanOrEqualTo(20 * 3);
      assertThat(manifest.at("/topics/orders/MALFORMED").asLong() + manifest.at("/topics/payments/MALFORMED").asLong())
          .isEqualTo(run.records().stream().filter(r -> r.eventClass() == EventClass.MALFORMED).count())
          .isPositive();
    }
  }

  @Test
  void aRunForTheCustomersOfAnEarlierRunPublishesNoFirstVersionsOfThem(@TempDir Path dir) throws Exception {
    try (KafkaFixture kafka = KafkaFixture.start(dir.resolve("kafka"))) {
      kafka.createTopics(3, Topics.INPUTS.toArray(String[]::new));
      GeneratorConfig first = GeneratorConfig.builder().bootstrapServers(kafka.bootstrapServers()).events(300)
          .startTime(Instant.parse("2026-11-29T04:00:00Z")).tail(false).manifestPath(dir.resolve("first.json")).build();
      GeneratorRun earlier = Generator.run(first, TailGate.NONE);
      GeneratorConfig second = first.toBuilder().startTime(Instant.parse("2026-11-29T06:00:00Z")).seed(2)
          .referenceRunId(first.runId()).manifestPath(dir.resolve("second.json")).build();

      GeneratorRun later = Generator.run(second, TailGate.NONE);

      assertThat(earlier.records()).anyMatch(r -> r.eventClass() == EventClass.REFERENCE_INITIAL);
      assertThat(later.records()).noneMatch(r -> r.eventClass() == EventClass.REFERENCE_INITIAL)
          .filteredOn(r -> r.topic().equals(Topics.ORDERS) && r.eventClass() == EventClass.VALID).isNotEmpty()
          .allSatisfy(r -> assertThat(r.planned().value().get("customer_id").toString()).startsWith(first.runId()));
    }
  }

  private static Map<String, ConsumerRecord<String, byte[]>> readAll(String bootstrapServers) {
    Map<String, Object> props = Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    Map<String, ConsumerRecord<String, byte[]>> records = new HashMap<>();
    try (KafkaConsumer<String, byte[]> consumer =
        new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> partitions = Topics.INPUTS.stream()
          .flatMap(t -> consumer.partitionsFor(t).stream().map(p -> new TopicPartition(t, p.partition())))
          .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
      while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))) {
        consumer.poll(Duration.ofMillis(200))
            .forEach(r -> records.put(r.topic() + "/" + r.partition() + "/" + r.offset(), r));
      }
    }
    return records;
  }
}
