package dev.lakehouse.schemas.serde;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.registry.SchemaRegistry;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Reads the Confluent wire format. The writer schema comes from the registry by id; records are
 * resolved to a reader schema so that fields added by newer producers are skipped: the given one,
 * or else the topic's contract from {@link Topics} when the topic is one of ours, or else the
 * writer schema.
 *
 * <p>Failures are typed so callers can route them: {@link WireFormatException} (not our format),
 * {@link dev.lakehouse.schemas.registry.UnknownSchemaException} (unknown id),
 * {@link AvroDecodingException} (bytes that do not match the writer schema).
 */
public class AvroDeserializer implements Deserializer<GenericRecord> {
  private static final GenericData DATA = AvroData.withLogicalTypes();

  private SchemaRegistry registry;
  private final Schema readerSchema;
  private final boolean useWriterSchema;
  private final Map<String, GenericDatumReader<GenericRecord>> readers = new ConcurrentHashMap<>();

  /** For construction by class name; {@link #configure} supplies the registry. */
  public AvroDeserializer() {
    this(null, null);
  }

  public AvroDeserializer(SchemaRegistry registry, Schema readerSchema) {
    this(registry, readerSchema, false);
  }

  private AvroDeserializer(SchemaRegistry registry, Schema readerSchema, boolean useWriterSchema) {
    this.registry = registry;
    this.readerSchema = readerSchema;
    this.useWriterSchema = useWriterSchema;
  }

  /**
   * Reads every record with the schema it was written with, so fields added by newer producers are
   * kept (what a sink that evolves its tables wants) rather than resolved away.
   */
  public static AvroDeserializer usingWriterSchema(SchemaRegistry registry) {
    return new AvroDeserializer(registry, null, true);
  }

  @Override
  public void configure(Map<String, ?> configs, boolean isKey) {
    if (registry == null) {
      registry = SchemaRegistries.fromConfig(configs);
    }
  }

  @Override
  public GenericRecord deserialize(String topic, byte[] data) {
    if (data == null) {
      return null;
    }
    int id = WireFormat.schemaId(data);
    GenericDatumReader<GenericRecord> reader =
        readers.computeIfAbsent(topic + "/" + id, k -> newReader(topic, registry.schemaById(id)));
    BoundedDecoder decoder = new BoundedDecoder(data, WireFormat.HEADER_SIZE, data.length - WireFormat.HEADER_SIZE);
    GenericRecord record;
    boolean consumedAll;
    try {
      record = reader.read(null, decoder);
      consumedAll = decoder.isEnd();
    } catch (IOException | RuntimeException e) {
      // garbage surfaces as any runtime exception (UnsupportedOperationException, NegativeArraySize...):
      // all of them mean this record cannot be read with its schema
      throw new AvroDecodingException(
          "Cannot deserialize from topic " + topic + " with schema id " + id + ": " + e, e);
    }
    if (!consumedAll) {
      throw new AvroDecodingException(
          "Cannot deserialize from topic " + topic + ": bytes left after a record of schema id " + id
              + " (the bytes were written with another schema)", null);
    }
    return record;
  }

  private GenericDatumReader<GenericRecord> newReader(String topic, Schema writer) {
    Schema reader = readerSchema;
    if (useWriterSchema) {
      reader = writer;
    } else if (reader == null) {
      String contract = Topics.contract(topic);
      reader = Topics.ALL.contains(contract) ? Topics.valueSchema(contract) : writer;
    }
    return new GenericDatumReader<>(writer, reader, DATA);
  }

  @Override
  public void close() {
    if (registry != null) {
      registry.close();
    }
  }

  /** Bytes that carry a known schema id but do not decode with that schema. */
  public static class AvroDecodingException extends SerializationException {
    public AvroDecodingException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
