package dev.lakehouse.generator;

import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.serde.AvroSerializer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import org.apache.avro.generic.GenericRecord;

/** Turns events into the exact record bytes, good (Confluent wire format) or deliberately bad. */
final class ValueEncoder implements AutoCloseable {
  /** A schema id that no registry hands out. */
  static final int UNKNOWN_SCHEMA_ID = 0x7ffffff0;

  private final AvroSerializer serializer;

  ValueEncoder(String schemaRegistryUrl) {
    serializer = new AvroSerializer(SchemaRegistries.fromConfig(Map.of(SchemaRegistries.URL_CONFIG, schemaRegistryUrl)));
    serializer.configure(Map.of(SchemaRegistries.URL_CONFIG, schemaRegistryUrl), false);
  }

  PlannedRecord event(String topic, String key, GenericRecord value, Instant timestamp, EventClass eventClass) {
    return new PlannedRecord(topic, key, value, serializer.serialize(topic, value), timestamp, eventClass, null, -1);
  }

  /** A bad record of the given kind; {@code event} is a well-formed event of the topic to spoil. */
  PlannedRecord malformed(String topic, String key, GenericRecord event, MalformedKind kind, Random random) {
    Instant timestamp = (Instant) event.get("event_time");
    byte[] good = serializer.serialize(topic, event);
    return switch (kind) {
      case NOT_AVRO -> raw(topic, key, notAvro(random), timestamp, kind);
      case TRUNCATED_AVRO -> raw(topic, key, Arrays.copyOf(good, 5 + (good.length - 5) / 3), timestamp, kind);
      case UNKNOWN_SCHEMA_ID -> raw(topic, key, withSchemaId(good, UNKNOWN_SCHEMA_ID), timestamp, kind);
      case MISSING_KEY, NEGATIVE_AMOUNT, UNKNOWN_CODE ->
          new PlannedRecord(topic, kind == MalformedKind.MISSING_KEY ? null : key, event, good, timestamp,
              EventClass.MALFORMED, kind, -1);
    };
  }

  private static PlannedRecord raw(String topic, String key, byte[] bytes, Instant timestamp, MalformedKind kind) {
    return new PlannedRecord(topic, key, null, bytes, timestamp, EventClass.MALFORMED, kind, -1);
  }

  /** JSON text: its first byte '{' is never the wire format's magic byte 0. */
  private static byte[] notAvro(Random random) {
    return ("{\"not\":\"avro\",\"n\":" + random.nextInt(1_000_000) + "}").getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] withSchemaId(byte[] wire, int id) {
    byte[] copy = wire.clone();
    copy[1] = (byte) (id >>> 24);
    copy[2] = (byte) (id >>> 16);
    copy[3] = (byte) (id >>> 8);
    copy[4] = (byte) id;
    return copy;
  }

  @Override
  public void close() {
    serializer.close();
  }
}
