package dev.lakehouse.streams.bench;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The ceiling: a plain exactly-once loop that reads the input topics, deserializes every value
 * with our Avro serde, serializes it again and produces it to one sink topic, committing input
 * offsets and output in one transaction per commit interval, as Kafka Streams does ({@link StreamsPassThrough}
 * is the same work as a Kafka Streams app). Public for
 * peer-flink's benchmark, which prints the same ceiling beside the Streams app and the Flink peer.
 */
public final class PassThrough {
  public static final String SINK = "bench-passthrough";

  private final String bootstrapServers;
  private final long commitIntervalMs;
  private final Map<String, Object> producerSettings;

  /**
   * @param producerSettings the app's producer settings (its tuned defaults and the run's own), on top of
   *     the ceiling's, so both sides batch alike
   */
  public PassThrough(String bootstrapServers, long commitIntervalMs, Map<String, Object> producerSettings) {
    this.bootstrapServers = bootstrapServers;
    this.commitIntervalMs = commitIntervalMs;
    this.producerSettings = Map.copyOf(producerSettings);
  }

  /** Processes until {@code expected} input records have been read; returns the elapsed seconds. */
  public double run(List<String> inputs, long expected) {
    Reserializer reserializer = new Reserializer(inputs);
    try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(consumerProps(), new StringDeserializer(),
            new ByteArrayDeserializer());
        KafkaProducer<String, byte[]> producer = new KafkaProducer<>(producerProps(), new StringSerializer(),
            new ByteArraySerializer())) {
      producer.initTransactions();
      consumer.subscribe(inputs);
      long start = System.nanoTime();
      long read = 0;
      long lastCommit = System.nanoTime();
      Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
      producer.beginTransaction();
      while (read < expected) {
        for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(100))) {
          read++;
          offsets.put(new TopicPartition(record.topic(), record.partition()), new OffsetAndMetadata(record.offset() + 1));
          byte[] copy = reserializer.copy(record.topic(), record.value());
          if (copy != null) {
            producer.send(new ProducerRecord<>(SINK, record.key(), copy));
          }
        }
        if (System.nanoTime() - lastCommit >= commitIntervalMs * 1_000_000 || read >= expected) {
          producer.sendOffsetsToTransaction(offsets, consumer.groupMetadata());
          producer.commitTransaction();
          offsets.clear();
          lastCommit = System.nanoTime();
          if (read < expected) {
            producer.beginTransaction();
          }
        }
      }
      return (System.nanoTime() - start) / 1e9;
    }
  }

  private Map<String, Object> consumerProps() {
    return Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        ConsumerConfig.GROUP_ID_CONFIG, "bench-passthrough",
        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false,
        ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
  }

  private Map<String, Object> producerProps() {
    Map<String, Object> props = new HashMap<>(Map.of(
        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        ProducerConfig.TRANSACTIONAL_ID_CONFIG, "bench-passthrough-1",
        // what Kafka Streams sets for its producers, so both sides batch alike
        ProducerConfig.LINGER_MS_CONFIG, 100));
    props.putAll(producerSettings);
    return props;
  }
}
