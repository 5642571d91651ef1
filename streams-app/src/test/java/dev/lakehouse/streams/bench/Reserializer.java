package dev.lakehouse.streams.bench;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.registry.SchemaRegistry;
import dev.lakehouse.schemas.serde.AvroDeserializer;
import dev.lakehouse.schemas.serde.AvroSerializer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;

/**
 * The work per record of both pass-throughs: the value deserialized with our Avro serde (the
 * input's contract schema as reader, bundled registry) and serialized again.
 */
final class Reserializer {
  private final Map<String, AvroDeserializer> deserializers = new HashMap<>();
  private final AvroSerializer serializer;

  Reserializer(List<String> inputs) {
    SchemaRegistry registry = SchemaRegistries.fromConfig(Map.of("schema.registry.url", "file:"));
    inputs.forEach(topic -> deserializers.put(topic, new AvroDeserializer(registry, Topics.valueSchema(topic))));
    serializer = new AvroSerializer(registry);
  }

  /** The value of a record of {@code topic} read and written again, or null when it is not readable (a dead letter). */
  byte[] copy(String topic, byte[] value) {
    try {
      GenericRecord record = deserializers.get(topic).deserialize(topic, value);
      // the sink's subject would need registering; the work per record is the same under the input's subject
      return record == null ? null : serializer.serialize(topic, record);
    } catch (RuntimeException e) {
      return null;
    }
  }
}
