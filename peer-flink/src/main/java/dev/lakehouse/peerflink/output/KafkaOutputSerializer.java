package dev.lakehouse.peerflink.output;

import dev.lakehouse.peerflink.model.KafkaOutput;
import java.nio.charset.StandardCharsets;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * Hands an already encoded record to the producer. The Kafka timestamp is left to the producer
 * (the wall clock): the contract rows carry their own event and processing times, and a Flink
 * timestamp can lie outside what the broker accepts (window ends, {@code Long.MIN_VALUE}).
 */
public final class KafkaOutputSerializer implements KafkaRecordSerializationSchema<KafkaOutput> {
  @Override
  public ProducerRecord<byte[], byte[]> serialize(KafkaOutput output, KafkaSinkContext context, Long timestamp) {
    byte[] key = output.key() == null ? null : output.key().getBytes(StandardCharsets.UTF_8);
    RecordHeaders headers = new RecordHeaders();
    for (int i = 0; output.headerNames() != null && i < output.headerNames().length; i++) {
      headers.add(output.headerNames()[i], output.headerValues()[i]);
    }
    return new ProducerRecord<>(output.topic(), null, null, key, output.value(), headers);
  }
}
