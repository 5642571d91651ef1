package dev.lakehouse.e2e.harness;

import dev.lakehouse.generator.EventClass;
import dev.lakehouse.generator.PlannedRecord;
import dev.lakehouse.generator.ProducedRecord;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.serde.AvroSerializer;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Sends valid orders and payments one by one, as a test lays them out rather than as the generator
 * plans them, and keeps each as the generator would ({@link ProducedRecord}: partition, offset, send
 * time), so that the oracle reads them with the generator's runs. Kafka timestamps are event times.
 */
public final class DirectProducer implements AutoCloseable {
  private final KafkaProducer<String, byte[]> producer;
  private final AvroSerializer serializer = new AvroSerializer();
  private final String idPrefix;
  private final List<ProducedRecord> produced = new ArrayList<>();
  private int next;

  /** @param idPrefix put before every event, order and payment id, so that they are this producer's own */
  public DirectProducer(String bootstrapServers, String idPrefix) {
    this.producer = new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true, ProducerConfig.ACKS_CONFIG, "all"),
        new StringSerializer(), new ByteArraySerializer());
    serializer.configure(Map.of(SchemaRegistries.URL_CONFIG, "file:"), false);
    this.idPrefix = idPrefix;
  }

  /** Sends an order of {@code orderId} (customer and merchant ids nobody has versions of) and waits until it is appended. */
  public ProducedRecord order(String orderId, String status, Instant eventTime) {
    GenericRecord order = new GenericData.Record(Topics.valueSchema(Topics.ORDERS));
    order.put("event_id", idPrefix + "evt-" + next++);
    order.put("order_id", idPrefix + orderId);
    order.put("customer_id", idPrefix + "cus-0");
    order.put("merchant_id", idPrefix + "mer-0");
    order.put("status", status);
    order.put("amount", new BigDecimal("10.00"));
    order.put("currency", "EUR");
    order.put("event_time", eventTime);
    return send(Topics.ORDERS, order);
  }

  /** Sends a payment attempt of {@code orderId} and waits until it is appended. */
  public ProducedRecord payment(String orderId, String outcome, Instant eventTime) {
    GenericRecord payment = new GenericData.Record(Topics.valueSchema(Topics.PAYMENTS));
    payment.put("event_id", idPrefix + "evt-" + next++);
    payment.put("payment_id", idPrefix + "pay-" + next);
    payment.put("order_id", idPrefix + orderId);
    payment.put("amount", new BigDecimal("10.00"));
    payment.put("outcome", outcome);
    payment.put("event_time", eventTime);
    return send(Topics.PAYMENTS, payment);
  }

  /** Everything sent, in send order. */
  public List<ProducedRecord> produced() {
    return List.copyOf(produced);
  }

  private ProducedRecord send(String topic, GenericRecord value) {
    String key = value.get("order_id").toString();
    Instant time = (Instant) value.get("event_time");
    byte[] bytes = serializer.serialize(topic, value);
    long sentAt = System.currentTimeMillis();
    try {
      RecordMetadata appended = producer.send(new ProducerRecord<>(topic, null, time.toEpochMilli(), key, bytes)).get();
      PlannedRecord planned = new PlannedRecord(topic, key, value, bytes, time, EventClass.VALID, null, -1);
      ProducedRecord record = new ProducedRecord(planned, appended.partition(), appended.offset(), sentAt);
      produced.add(record);
      return record;
    } catch (ExecutionException e) {
      throw new IllegalStateException("Cannot send to " + topic + ": " + e.getCause(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Cannot send to " + topic + ": interrupted", e);
    }
  }

  @Override
  public void close() {
    producer.close();
  }
}
