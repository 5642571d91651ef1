package dev.lakehouse.e2e.harness;

import dev.lakehouse.generator.AvroRecords;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.serde.AvroSerializer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Records of the reference topics ({@code customers}, {@code merchants}) as a producer (or a
 * change-data-capture connector) sends them: versions keyed by id with their updated_at as the
 * Kafka timestamp, deletions as tombstones, and records the Streams app must refuse. Ids are
 * {@code dim-cus-<n>} and {@code dim-mer-<n>}. Each record is acknowledged before the next is sent,
 * so the topics hold them in the order of the calls.
 */
public final class ReferenceRecords implements AutoCloseable {
  private final KafkaProducer<String, byte[]> producer;
  private final AvroSerializer serializer = new AvroSerializer();

  public ReferenceRecords(String bootstrapServers) {
    producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        ProducerConfig.ACKS_CONFIG, "all"), new StringSerializer(), new ByteArraySerializer());
    serializer.configure(Map.of(SchemaRegistries.URL_CONFIG, "file:"), false);
  }

  public static String customerId(int n) {
    return "dim-cus-" + n;
  }

  public static String merchantId(int n) {
    return "dim-mer-" + n;
  }

  public void customer(int n, String name, String country, String segment, Instant updatedAt) {
    send(Topics.CUSTOMERS, customerId(n), customerRecord(customerId(n), name, country, segment, updatedAt), updatedAt);
  }

  public void merchant(int n, String name, String country, String category, Instant updatedAt) {
    GenericRecord merchant = AvroRecords.merchant(merchantId(n), name, country, category, updatedAt);
    send(Topics.MERCHANTS, merchantId(n), serializer.serialize(Topics.MERCHANTS, merchant), updatedAt);
  }

  public void deleteCustomer(int n, Instant at) {
    send(Topics.CUSTOMERS, customerId(n), null, at);
  }

  public void deleteMerchant(int n, Instant at) {
    send(Topics.MERCHANTS, merchantId(n), null, at);
  }

  /** A value that is not the Confluent wire format: a dead letter. */
  public void notTheWireFormat(String topic, String key) {
    send(topic, key, "not avro".getBytes(StandardCharsets.UTF_8), Instant.now());
  }

  /** Customer {@code n}'s record under the key of customer {@code keyN}: a dead letter. */
  public void keyNotTheId(int keyN, int n, Instant updatedAt) {
    send(Topics.CUSTOMERS, customerId(keyN), customerRecord(customerId(n), "Wrong key", "DE", "retail", updatedAt),
        updatedAt);
  }

  /** A deletion with an empty key (a compacted topic refuses a null one): a dead letter. */
  public void tombstoneWithEmptyKey(String topic, Instant at) {
    send(topic, "", null, at);
  }

  private byte[] customerRecord(String id, String name, String country, String segment, Instant updatedAt) {
    return serializer.serialize(Topics.CUSTOMERS, AvroRecords.customer(id, name, country, segment, updatedAt));
  }

  private void send(String topic, String key, byte[] value, Instant timestamp) {
    try {
      producer.send(new ProducerRecord<>(topic, null, timestamp.toEpochMilli(), key, value)).get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while sending to " + topic, e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("Cannot send a record to " + topic + ": " + e.getCause().getMessage(), e);
    }
  }

  @Override
  public void close() {
    producer.close();
    serializer.close();
  }
}
