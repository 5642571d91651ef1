package dev.lakehouse.peerflink;

import dev.lakehouse.peerflink.job.JobSettings;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.model.Order;
import dev.lakehouse.peerflink.model.Payment;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.serde.AvroDeserializer;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.apache.avro.generic.GenericRecord;

/** Events and settings for the operator tests, and the decoding of what an operator wrote. */
public final class Events {
  public static final long T0 = 1_764_547_200_000L; // 2025-12-01T00:00:00Z, a window boundary
  public static final long MINUTE = 60_000L;

  private Events() {}

  /** The Streams app's defaults, output topics prefixed with {@code flink-}. */
  public static JobSettings settings() {
    return new JobSettings("flink-", Map.of("schema.registry.url", "file:"), Duration.ofMinutes(2),
        Duration.ofMinutes(10), Duration.ofMinutes(5), Duration.ofDays(7), Set.of("EUR", "GBP", "USD"),
        Set.of("PLACED", "CANCELLED", "FULFILLED"), Set.of("SUCCEEDED", "DECLINED", "FAILED"),
        new BigDecimal("1000000.00"), Duration.ofDays(7), Duration.ofMinutes(30), Duration.ofMinutes(10), 2);
  }

  public static Order order(String eventId, String orderId, String status, long eventTime, long offset) {
    return order(eventId, orderId, status, eventTime, offset, null, null);
  }

  /** An order with the optional fields of contract version 3 (null: not set, as in a version 2 order). */
  public static Order order(String eventId, String orderId, String status, long eventTime, long offset,
      String channel, String discountAmount) {
    return new Order(eventId, orderId, "c-1", "m-1", status, new BigDecimal("12.50"), "EUR", eventTime, channel,
        discountAmount == null ? null : new BigDecimal(discountAmount), 0, offset);
  }

  public static Payment payment(String eventId, String orderId, String outcome, long eventTime, long offset) {
    return new Payment(eventId, "p-" + eventId, orderId, new BigDecimal("12.50"), outcome, eventTime, 0, offset);
  }

  /** The value of an output record, read back with its contract's schema. */
  public static GenericRecord decode(KafkaOutput output, String contractTopic) {
    AvroDeserializer values = new AvroDeserializer(SchemaRegistries.fromConfig(Map.of("schema.registry.url", "file:")),
        Topics.valueSchema(contractTopic));
    return values.deserialize(contractTopic, output.value());
  }
}
