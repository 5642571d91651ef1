package dev.lakehouse.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.schemas.registry.SchemaRegistry;
import dev.lakehouse.schemas.registry.UnknownSchemaException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

/**
 * The bytes the serializer writes, against bytes built here by hand: the Confluent header with
 * {@link ByteBuffer} and each field with Avro's low-level encoder, following the Avro spec.
 */
class AvroSerializerWireFormatTest {
  private static final Schema SCHEMA = new Schema.Parser().parse("""
      {"type": "record", "name": "Sample", "namespace": "test", "fields": [
        {"name": "id", "type": "string"},
        {"name": "amount", "type": {"type": "bytes", "logicalType": "decimal", "precision": 18, "scale": 2}},
        {"name": "at", "type": {"type": "long", "logicalType": "timestamp-millis"}},
        {"name": "note", "type": ["null", "string"], "default": null},
        {"name": "count", "type": "int"}
      ]}""");

  /** A registry that knows one schema under one id. */
  private static SchemaRegistry fixed(int id) {
    return new SchemaRegistry() {
      @Override
      public int register(String subject, Schema schema) {
        assertThat(subject).isEqualTo("sample-value");
        return id;
      }

      @Override
      public Schema schemaById(int requested) {
        if (requested != id) {
          throw new UnknownSchemaException(requested, "the test registry");
        }
        return SCHEMA;
      }
    };
  }

  private static GenericRecord sample(String note) {
    GenericRecord record = new GenericData.Record(SCHEMA);
    record.put("id", "ORD-1");
    record.put("amount", new BigDecimal("-1234.50"));
    record.put("at", Instant.ofEpochMilli(1_764_400_000_123L));
    record.put("note", note);
    record.put("count", -3);
    return record;
  }

  private static byte[] expected(int id, String note) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(ByteBuffer.allocate(5).put((byte) 0).putInt(id).array());
    BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(out, null);
    encoder.writeString("ORD-1");
    encoder.writeBytes(BigInteger.valueOf(-123450).toByteArray()); // unscaled value, two's complement
    encoder.writeLong(1_764_400_000_123L);
    if (note == null) {
      encoder.writeIndex(0);
    } else {
      encoder.writeIndex(1);
      encoder.writeString(note);
    }
    encoder.writeInt(-3);
    encoder.flush();
    return out.toByteArray();
  }

  @Test
  void writesMagicByteBigEndianIdAndAvroBinary() throws IOException {
    int id = 0x01020304;
    try (AvroSerializer serializer = new AvroSerializer(fixed(id))) {
      byte[] withNote = serializer.serialize("sample", sample("gift"));
      byte[] withoutNote = serializer.serialize("sample", sample(null));

      assertThat(withNote).startsWith(0, 1, 2, 3, 4).isEqualTo(expected(id, "gift"));
      assertThat(withoutNote).isEqualTo(expected(id, null));
    }
  }

  @Test
  void readsWhatItWrites() {
    try (AvroSerializer serializer = new AvroSerializer(fixed(42));
         AvroDeserializer deserializer = new AvroDeserializer(fixed(42), null)) {
      GenericRecord read = deserializer.deserialize("sample", serializer.serialize("sample", sample("x")));

      assertThat(read.get("amount")).isEqualTo(new BigDecimal("-1234.50"));
      assertThat(read.get("at")).isEqualTo(Instant.ofEpochMilli(1_764_400_000_123L));
      assertThat(read.get("note").toString()).isEqualTo("x");
    }
  }

  @Test
  void decimalWithTooManyDigitsIsRefused() {
    GenericRecord record = sample(null);
    record.put("amount", new BigDecimal("1.234"));

    try (AvroSerializer serializer = new AvroSerializer(fixed(1))) {
      assertThatThrownBy(() -> serializer.serialize("sample", record))
          .isInstanceOf(SerializationException.class)
          .hasMessageStartingWith("Cannot serialize a test.Sample for topic sample: ");
    }
  }
}
