package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.serde.AvroData;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Plain Avro binary with one fixed schema, for internal topics and stores only: their writer and
 * reader are the same app, and the file-backed registry is read-only, so no schema id is needed.
 * Changing a contract schema incompatibly therefore needs an application reset.
 */
final class AvroBinarySerde implements Serde<GenericRecord> {
  private static final GenericData DATA = AvroData.withLogicalTypes();

  private final GenericDatumWriter<GenericRecord> writer;
  private final GenericDatumReader<GenericRecord> reader;

  AvroBinarySerde(Schema schema) {
    this.writer = new GenericDatumWriter<>(schema, DATA);
    this.reader = new GenericDatumReader<>(schema, schema, DATA);
  }

  void write(GenericRecord record, DataOutputStream out) throws IOException {
    BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(out, null);
    writer.write(record, encoder);
    encoder.flush();
  }

  GenericRecord read(DataInputStream in) throws IOException {
    return reader.read(null, DecoderFactory.get().directBinaryDecoder(in, null));
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
