package dev.lakehouse.e2e.harness;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.serde.AvroSerializer;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Rows of the {@code orders-enriched} topic as the Streams app writes them, produced straight to
 * the topic: for tests and benchmarks that drive the sink without the Streams app.
 */
public final class EnrichedOrders {
  private EnrichedOrders() {}

  /** Row number {@code i}, with ids {@code <prefix>-evt-<i>} and {@code <prefix>-ord-<i>}, at {@code time}. */
  public static GenericRecord row(String prefix, long i, Instant time) {
    GenericRecord row = new GenericData.Record(Topics.valueSchema(Topics.ORDERS_ENRICHED));
    row.put("event_id", prefix + "-evt-" + i);
    row.put("order_id", prefix + "-ord-" + i);
    row.put("customer_id", prefix + "-cus-" + i % 1000);
    row.put("merchant_id", prefix + "-mer-" + i % 50);
    row.put("status", "PLACED");
    row.put("amount", BigDecimal.valueOf(1000 + i % 50_000, 2));
    row.put("currency", "EUR");
    row.put("event_time", time);
    row.put("customer_name", "Customer " + i % 1000);
    row.put("customer_country", "DE");
    row.put("customer_segment", "retail");
    row.put("merchant_name", "Merchant " + i % 50);
    row.put("merchant_country", "FR");
    row.put("merchant_category", "grocery");
    row.put("source_topic", Topics.ORDERS);
    row.put("source_partition", (int) (i % 3));
    row.put("source_offset", i);
    row.put("processing_time", time);
    return row;
  }

  /** Sends the rows (key = order_id) and waits until the broker acknowledged every one. */
  public static void produce(String bootstrapServers, List<GenericRecord> rows) {
    produce(bootstrapServers, Topics.ORDERS_ENRICHED, rows, "order_id");
  }

  /** Sends rows of any output topic's contract (key = the field {@code keyField}) and waits for the broker's acks. */
  public static void produce(String bootstrapServers, String topic, List<GenericRecord> rows, String keyField) {
    Map<String, Object> props = Map.of(
        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        ProducerConfig.LINGER_MS_CONFIG, 20,
        ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024,
        SchemaRegistries.URL_CONFIG, "file:");
    AvroSerializer serializer = new AvroSerializer();
    serializer.configure(props, false);
    try (KafkaProducer<String, GenericRecord> producer = new KafkaProducer<>(props, new StringSerializer(), serializer)) {
      for (GenericRecord row : rows) {
        producer.send(new ProducerRecord<>(topic, String.valueOf(row.get(keyField)), row));
      }
      producer.flush();
    }
  }
}
