package dev.lakehouse.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.FileSchemaRegistry;
import dev.lakehouse.schemas.registry.SchemaRegistry;
import dev.lakehouse.schemas.registry.UnknownSchemaException;
import dev.lakehouse.schemas.testing.Normalized;
import dev.lakehouse.schemas.testing.SampleRecords;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;

/** Each class of bad input gets its own exception type, which the Streams app routes by. */
class AvroDeserializerErrorsTest {
  private static final SchemaRegistry BUNDLED = FileSchemaRegistry.bundled();
  private final AvroSerializer serializer = new AvroSerializer(BUNDLED);
  private final AvroDeserializer deserializer = new AvroDeserializer(BUNDLED, null);

  private byte[] order() {
    return serializer.serialize(Topics.ORDERS, SampleRecords.record(Topics.valueSchema(Topics.ORDERS), 2));
  }

  @Test
  void wrongMagicByteIsNotWireFormat() {
    byte[] json = "{\"order_id\":\"1\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8);

    assertThatThrownBy(() -> deserializer.deserialize(Topics.ORDERS, json))
        .isInstanceOf(WireFormatException.class)
        .hasMessage("Cannot read the Confluent wire format: magic byte is 0x7b, expected 0x00 "
            + "(was the producer using a different serializer?)");
  }

  @Test
  void shorterThanTheHeaderIsNotWireFormat() {
    assertThatThrownBy(() -> deserializer.deserialize(Topics.ORDERS, new byte[] {0, 0, 1}))
        .isInstanceOf(WireFormatException.class)
        .hasMessage("Cannot read the Confluent wire format: 3 bytes, the header alone is 5");
  }

  @Test
  void unregisteredIdIsUnknownSchema() {
    byte[] bytes = order();
    ByteBuffer.wrap(bytes).putInt(1, 4711);

    assertThatThrownBy(() -> deserializer.deserialize(Topics.ORDERS, bytes))
        .isInstanceOf(UnknownSchemaException.class)
        .hasMessageStartingWith("Cannot find schema id 4711 in ")
        .satisfies(e -> assertThat(((UnknownSchemaException) e).schemaId()).isEqualTo(4711));
  }

  @Test
  void truncatedAvroIsADecodingError() {
    byte[] bytes = order();

    assertThatThrownBy(() -> deserializer.deserialize(Topics.ORDERS, Arrays.copyOf(bytes, bytes.length - 3)))
        .isInstanceOf(AvroDeserializer.AvroDecodingException.class)
        .hasMessageStartingWith("Cannot deserialize from topic orders with schema id 16: java.io.EOFException");
  }

  @Test
  void trailingBytesAreADecodingError() {
    byte[] bytes = order();

    assertThatThrownBy(() -> deserializer.deserialize(Topics.ORDERS, Arrays.copyOf(bytes, bytes.length + 2)))
        .isInstanceOf(AvroDeserializer.AvroDecodingException.class)
        .hasMessage("Cannot deserialize from topic orders: bytes left after a record of schema id 16 "
            + "(the bytes were written with another schema)");
  }

  @Test
  void bytesOfAnotherSchemaAreADecodingError() {
    byte[] payment = serializer.serialize(Topics.PAYMENTS, SampleRecords.record(Topics.valueSchema(Topics.PAYMENTS), 2));
    ByteBuffer.wrap(payment).putInt(1, 1); // claim to be an order

    assertThatThrownBy(() -> deserializer.deserialize(Topics.ORDERS, payment))
        .isInstanceOf(AvroDeserializer.AvroDecodingException.class)
        .hasMessageStartingWith("Cannot deserialize from topic orders");
  }

  @Test
  void absurdDeclaredLengthIsADecodingError() throws java.io.IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    out.write(new byte[] {0, 0, 0, 0, 1});
    org.apache.avro.io.BinaryEncoder encoder = org.apache.avro.io.EncoderFactory.get().directBinaryEncoder(out, null);
    encoder.writeLong(1_000_000_000L); // length of the first string, far beyond the 8 bytes that follow
    encoder.writeFixed(new byte[8]);

    assertThatThrownBy(() -> deserializer.deserialize(Topics.ORDERS, out.toByteArray()))
        .isInstanceOf(AvroDeserializer.AvroDecodingException.class)
        .hasMessage("Cannot deserialize from topic orders with schema id 1: "
            + "java.io.EOFException: declared length 1000000000 but only 8 bytes left");
  }

  @Test
  void newerWriterWithAnExtraFieldIsReadWithTheContract() {
    Schema contract = Topics.valueSchema(Topics.ORDERS);
    SchemaBuilder.FieldAssembler<Schema> fields =
        SchemaBuilder.record(contract.getName()).namespace(contract.getNamespace()).fields();
    for (Schema.Field field : contract.getFields()) {
      fields = fields.name(field.name()).type(field.schema()).noDefault();
    }
    Schema newer = fields.name("gift_wrap").type().stringType().stringDefault("none").endRecord();
    GenericRecord original = SampleRecords.record(contract, 1);
    GenericRecord written = new GenericData.Record(newer);
    contract.getFields().forEach(f -> written.put(f.name(), original.get(f.name())));
    written.put("gift_wrap", "paper");
    SchemaRegistry registry = new SchemaRegistry() {
      @Override
      public int register(String subject, Schema schema) {
        return 100;
      }

      @Override
      public Schema schemaById(int id) {
        return newer;
      }
    };
    byte[] bytes = new AvroSerializer(registry).serialize(Topics.ORDERS, written);

    GenericRecord asContract = new AvroDeserializer(registry, null).deserialize(Topics.ORDERS, bytes);
    GenericRecord asWritten = AvroDeserializer.usingWriterSchema(registry).deserialize(Topics.ORDERS, bytes);

    assertThat(asContract.getSchema()).isEqualTo(contract);
    assertThat(Normalized.of(asContract)).isEqualTo(Normalized.of(original));
    assertThat(Normalized.of(asWritten)).containsEntry("gift_wrap", "paper").hasSize(contract.getFields().size() + 1);
  }

  /** The Streams app must never stop on bad input: any corruption is one of the typed errors. */
  @Test
  void corruptedRecordsFailOnlyWithTypedErrors() {
    java.util.Random random = new java.util.Random(20261129);
    java.util.Map<Class<?>, Integer> outcomes = new java.util.HashMap<>();
    for (String topic : Topics.ALL) {
      byte[] valid = serializer.serialize(topic, SampleRecords.record(Topics.valueSchema(topic), 1));
      for (int i = 0; i < 300; i++) {
        byte[] corrupt = Arrays.copyOf(valid, 1 + random.nextInt(valid.length + 8));
        for (int flips = 1 + random.nextInt(4); flips > 0; flips--) {
          corrupt[random.nextInt(corrupt.length)] = (byte) random.nextInt(256);
        }
        Class<?> outcome;
        try {
          deserializer.deserialize(topic, corrupt);
          outcome = GenericRecord.class;
        } catch (WireFormatException | UnknownSchemaException | AvroDeserializer.AvroDecodingException e) {
          outcome = e.getClass();
        }
        outcomes.merge(outcome, 1, Integer::sum);
      }
    }
    assertThat(outcomes).containsKeys(AvroDeserializer.AvroDecodingException.class, WireFormatException.class);
  }

  @Test
  void nullIsATombstone() {
    assertThat(deserializer.deserialize(Topics.ORDERS, null)).isNull();
    assertThat(serializer.serialize(Topics.ORDERS, null)).isNull();
  }
}
