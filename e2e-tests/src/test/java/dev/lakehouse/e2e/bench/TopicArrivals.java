package dev.lakehouse.e2e.bench;

import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.serde.AvroDeserializer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Notes when each row first becomes readable (read_committed) on an output topic of the Streams
 * app: the freshness a Kafka reader would see, the baseline of the Iceberg freshness.
 */
final class TopicArrivals implements AutoCloseable {
  private final Map<String, Long> firstSeen = new ConcurrentHashMap<>();
  private final Thread thread;
  private volatile boolean running = true;

  TopicArrivals(String bootstrapServers, String topic, Function<GenericRecord, String> rowKey) {
    Map<String, Object> props = Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        ConsumerConfig.GROUP_ID_CONFIG, "bench-arrivals-" + topic + "-" + System.nanoTime(),
        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
        ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    AvroDeserializer deserializer = new AvroDeserializer();
    deserializer.configure(Map.of(SchemaRegistries.URL_CONFIG, "file:"), false);
    thread = new Thread(() -> {
      try (KafkaConsumer<String, byte[]> consumer =
          new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer())) {
        consumer.subscribe(List.of(topic));
        while (running) {
          consumer.poll(Duration.ofMillis(100)).forEach(r -> {
            long now = System.currentTimeMillis();
            firstSeen.putIfAbsent(rowKey.apply(deserializer.deserialize(topic, r.value())), now);
          });
        }
      }
    }, "arrivals-" + topic);
    thread.setDaemon(true);
    thread.start();
  }

  Map<String, Long> firstSeen() {
    return firstSeen;
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    thread.join(5_000);
  }
}
