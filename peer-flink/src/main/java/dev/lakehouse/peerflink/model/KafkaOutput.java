package dev.lakehouse.peerflink.model;

/**
 * A record ready for the transactional sink: topic, UTF-8 key, value in the Confluent wire format,
 * and headers as parallel arrays (null when there are none).
 */
public record KafkaOutput(String topic, String key, byte[] value, String[] headerNames, byte[][] headerValues) {
  public static KafkaOutput of(String topic, String key, byte[] value) {
    return new KafkaOutput(topic, key, value, null, null);
  }
}
