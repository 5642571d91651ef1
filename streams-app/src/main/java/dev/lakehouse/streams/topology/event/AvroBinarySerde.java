package dev.lakehouse.streams.topology.event;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.FileSchemaRegistry;
import dev.lakehouse.schemas.registry.UnknownSchemaException;
import dev.lakehouse.schemas.serde.AvroData;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Avro binary behind the id its schema has in the bundled catalog, for internal topics and stores
 * only: their writer is this app, in this version or an earlier one. A record stored before its
 * contract gained a field (a rolling upgrade over live state) is read with the schema it was written
 * with and resolved to the current one; the catalog only grows, so every earlier id stays known.
 */
public final class AvroBinarySerde implements Serde<GenericRecord> {
  private static final GenericData DATA = AvroData.withLogicalTypes();
  private static final FileSchemaRegistry CATALOG = FileSchemaRegistry.bundled();

  private final Schema schema;
  private final int schemaId;
  private final GenericDatumWriter<GenericRecord> writer;
  private final Map<Integer, GenericDatumReader<GenericRecord>> readersByWriterId = new ConcurrentHashMap<>();

  /** The serde of a topic's contract (its value schema). */
  public AvroBinarySerde(String topic) {
    this(Topics.valueSchema(topic), CATALOG.register(Topics.valueSubject(topic), Topics.valueSchema(topic)));
  }

  /** A serde that writes {@code schema} under {@code schemaId}, e.g. an earlier version of a contract in a test. */
  public AvroBinarySerde(Schema schema, int schemaId) {
    this.schema = schema;
    this.schemaId = schemaId;
    this.writer = new GenericDatumWriter<>(schema, DATA);
  }

  public void write(GenericRecord record, DataOutputStream out) throws IOException {
    BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(out, null);
    encoder.writeInt(schemaId);
    writer.write(record, encoder);
    encoder.flush();
  }

  public GenericRecord read(DataInputStream in) throws IOException {
    BinaryDecoder decoder = DecoderFactory.get().directBinaryDecoder(in, null);
    return readersByWriterId.computeIfAbsent(decoder.readInt(), this::readerFrom).read(null, decoder);
  }

  private GenericDatumReader<GenericRecord> readerFrom(int writerId) {
    if (writerId == schemaId) {
      return new GenericDatumReader<>(schema, schema, DATA);
    }
    try {
      return new GenericDatumReader<>(CATALOG.schemaById(writerId), schema, DATA);
    } catch (UnknownSchemaException e) {
      throw new IllegalStateException("Cannot read a stored " + schema.getFullName() + ": it was written with schema id "
          + writerId + ", which this version's catalog does not have (was a newer version of the app rolled back?"
          + " roll forward, or reset the application)", e);
    }
  }

  @Override
  public Serializer<GenericRecord> serializer() {
    return (topic, record) -> {
      if (record == null) {
        return null;
      }
      ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
      try {
        write(record, new DataOutputStream(bytes));
      } catch (IOException | RuntimeException e) {
        throw new SerializationException("Cannot serialize a " + record.getSchema().getFullName()
            + " for internal topic " + topic + ": " + e.getMessage(), e);
      }
      return bytes.toByteArray();
    };
  }

  @Override
  public Deserializer<GenericRecord> deserializer() {
    return (topic, data) -> {
      if (data == null) {
        return null;
      }
      try {
        return read(new DataInputStream(new ByteArrayInputStream(data)));
      } catch (IOException | RuntimeException e) {
        throw new SerializationException("Cannot deserialize internal topic " + topic + ": " + e, e);
      }
    };
  }
}
