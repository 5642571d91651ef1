package dev.lakehouse.schemas.serde;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.registry.SchemaRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Writes a {@link GenericRecord} in the Confluent wire format under subject {@code <topic>-value}
 * (or {@code -key}) of the topic's contract ({@link Topics#contract}: a replay's prefixed output
 * shares its contract's subject), with the record's own schema as the writer schema.
 */
public class AvroSerializer implements Serializer<GenericRecord> {
  private static final GenericData DATA = AvroData.withLogicalTypes();

  private SchemaRegistry registry;
  private boolean isKey;
  private final Map<Schema, Integer> idsBySchema = new ConcurrentHashMap<>();
  private final Map<Schema, GenericDatumWriter<GenericRecord>> writers = new ConcurrentHashMap<>();

  /** For construction by class name; {@link #configure} supplies the registry. */
  public AvroSerializer() {}

  public AvroSerializer(SchemaRegistry registry) {
    this.registry = registry;
  }

  @Override
  public void configure(Map<String, ?> configs, boolean isKey) {
    this.isKey = isKey;
    if (registry == null) {
      registry = SchemaRegistries.fromConfig(configs);
    }
  }

  @Override
  public byte[] serialize(String topic, GenericRecord record) {
    if (record == null) {
      return null;
    }
    Schema schema = record.getSchema();
    String subject = Topics.contract(topic) + (isKey ? "-key" : "-value");
    int id = idsBySchema.computeIfAbsent(schema, s -> registry.register(subject, s));
    ByteArrayOutputStream out = new ByteArrayOutputStream(128);
    out.write(WireFormat.MAGIC_BYTE);
    out.write(id >>> 24);
    out.write(id >>> 16);
    out.write(id >>> 8);
    out.write(id);
    try {
      // serdes are shared by Streams threads and producer callers: no encoder reuse across calls
      BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
      writers.computeIfAbsent(schema, s -> new GenericDatumWriter<>(s, DATA)).write(record, encoder);
      encoder.flush();
    } catch (IOException | RuntimeException e) {
      throw new SerializationException(
          "Cannot serialize a " + schema.getFullName() + " for topic " + topic + ": " + e.getMessage(), e);
    }
    return out.toByteArray();
  }

  @Override
  public void close() {
    if (registry != null) {
      registry.close();
    }
  }
}
