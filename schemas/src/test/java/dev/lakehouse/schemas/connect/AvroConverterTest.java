package dev.lakehouse.schemas.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.FileSchemaRegistry;
import dev.lakehouse.schemas.serde.AvroSerializer;
import dev.lakehouse.schemas.testing.CountingRegistry;
import dev.lakehouse.schemas.testing.FakeConfluentRegistry;
import dev.lakehouse.schemas.testing.SampleRecords;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.errors.RetriableException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class AvroConverterTest {
  private final AvroSerializer serializer = new AvroSerializer(FileSchemaRegistry.bundled());

  /** Configured the way a Connect worker does it: by class name, with the prefix stripped. */
  private static AvroConverter converter() {
    AvroConverter converter = new AvroConverter();
    converter.configure(Map.of("schema.registry.url", "file:"), false);
    return converter;
  }

  /** Connect workers with plugin.discovery=service_load only see plugins listed in a service manifest. */
  @Test
  void isDiscoverableAsAConnectPlugin() {
    assertThat(java.util.ServiceLoader.load(org.apache.kafka.connect.storage.Converter.class).stream()
            .map(java.util.ServiceLoader.Provider::type))
        .contains(AvroConverter.class);
  }

  @Test
  void orderBecomesAStructWithDecimalAndTimestamp() {
    GenericRecord order = new GenericData.Record(Topics.valueSchema(Topics.ORDERS));
    order.put("event_id", "e-1");
    order.put("order_id", "o-1");
    order.put("customer_id", "c-1");
    order.put("merchant_id", "m-1");
    order.put("status", "PLACED");
    order.put("amount", new BigDecimal("-12.30"));
    order.put("currency", "EUR");
    order.put("event_time", Instant.parse("2026-11-29T07:00:00.123Z"));

    SchemaAndValue data = converter().toConnectData(Topics.ORDERS, serializer.serialize(Topics.ORDERS, order));

    Schema schema = data.schema();
    assertThat(schema.type()).isEqualTo(Schema.Type.STRUCT);
    assertThat(schema.name()).isEqualTo("dev.lakehouse.avro.Order");
    assertThat(schema.field("order_id").schema().type()).isEqualTo(Schema.Type.STRING);
    assertThat(schema.field("amount").schema().name()).isEqualTo(Decimal.LOGICAL_NAME);
    assertThat(schema.field("amount").schema().parameters())
        .containsEntry(Decimal.SCALE_FIELD, "2").containsEntry("connect.decimal.precision", "18");
    assertThat(schema.field("event_time").schema().name()).isEqualTo(Timestamp.LOGICAL_NAME);
    assertThat(schema.field("event_time").schema().isOptional()).isFalse();
    Struct struct = (Struct) data.value();
    assertThat(struct.get("amount")).isEqualTo(new BigDecimal("-12.30"));
    assertThat(struct.get("event_time")).isEqualTo(new Date(Instant.parse("2026-11-29T07:00:00.123Z").toEpochMilli()));
    assertThat(struct.getString("currency")).isEqualTo("EUR");
  }

  @Test
  void nullableFieldsBecomeOptionalAndKeepTheirDocs() {
    GenericRecord sparse = SampleRecords.record(Topics.valueSchema(Topics.ORDER_PAYMENTS), 0);

    SchemaAndValue data = converter().toConnectData(Topics.ORDER_PAYMENTS, serializer.serialize(Topics.ORDER_PAYMENTS, sparse));

    Schema paymentAmount = data.schema().field("payment_amount").schema();
    assertThat(paymentAmount.isOptional()).isTrue();
    assertThat(paymentAmount.name()).isEqualTo(Decimal.LOGICAL_NAME);
    assertThat(paymentAmount.doc()).isEqualTo("Payment amount, null when UNPAID.");
    assertThat(data.schema().field("payment_time").schema().name()).isEqualTo(Timestamp.LOGICAL_NAME);
    assertThat(data.schema().field("payment_time").schema().isOptional()).isTrue();
    assertThat(((Struct) data.value()).get("payment_amount")).isNull();
  }

  static Stream<Arguments> topicsAndVariants() {
    return Topics.ALL.stream().flatMap(topic ->
        IntStream.range(0, SampleRecords.VARIANTS).mapToObj(variant -> Arguments.of(topic, variant)));
  }

  @ParameterizedTest(name = "{0} variant {1}")
  @MethodSource("topicsAndVariants")
  void everyTopicRoundTripsToTheSameBytes(String topic, int variant) {
    byte[] bytes = serializer.serialize(topic, SampleRecords.record(Topics.valueSchema(topic), variant));
    AvroConverter converter = converter();

    SchemaAndValue data = converter.toConnectData(topic, bytes);
    ((Struct) data.value()).validate();

    assertThat(converter.fromConnectData(topic, data.schema(), data.value())).isEqualTo(bytes);
  }

  @Test
  void otherAvroTypesMapToConnectAndBack() {
    org.apache.avro.Schema avro = new org.apache.avro.Schema.Parser().parse("""
        {"type": "record", "name": "Shipment", "namespace": "test", "fields": [
          {"name": "day", "type": {"type": "int", "logicalType": "date"}},
          {"name": "cutoff", "type": {"type": "int", "logicalType": "time-millis"}},
          {"name": "express", "type": "boolean"},
          {"name": "weight", "type": "double"},
          {"name": "tags", "type": {"type": "array", "items": "string"}},
          {"name": "counts", "type": {"type": "map", "values": "long"}},
          {"name": "address", "type": {"type": "record", "name": "Address", "fields": [
            {"name": "city", "type": "string"}]}},
          {"name": "kind", "type": {"type": "enum", "name": "Kind", "symbols": ["PARCEL", "PALLET"]}}
        ]}""");
    GenericRecord address = new GenericData.Record(avro.getField("address").schema());
    address.put("city", "Basel");
    GenericRecord shipment = new GenericData.Record(avro);
    shipment.put("day", 20_000);
    shipment.put("cutoff", 61_000);
    shipment.put("express", true);
    shipment.put("weight", 2.5);
    shipment.put("tags", java.util.List.of("fragile"));
    shipment.put("counts", Map.of("boxes", 3L));
    shipment.put("address", address);
    shipment.put("kind", new GenericData.EnumSymbol(avro.getField("kind").schema(), "PALLET"));
    dev.lakehouse.schemas.registry.SchemaRegistry one = new dev.lakehouse.schemas.registry.SchemaRegistry() {
      @Override
      public int register(String subject, org.apache.avro.Schema schema) {
        return 1;
      }

      @Override
      public org.apache.avro.Schema schemaById(int id) {
        return avro;
      }
    };
    AvroConverter converter = new AvroConverter(one);
    converter.configure(Map.of(), false);

    SchemaAndValue data = converter.toConnectData("shipments", new AvroSerializer(one).serialize("shipments", shipment));

    Struct struct = (Struct) data.value();
    assertThat(data.schema().field("day").schema().name()).isEqualTo(org.apache.kafka.connect.data.Date.LOGICAL_NAME);
    assertThat(struct.get("day")).isEqualTo(new Date(20_000L * 86_400_000L));
    assertThat(data.schema().field("cutoff").schema().name()).isEqualTo(org.apache.kafka.connect.data.Time.LOGICAL_NAME);
    assertThat(struct.get("cutoff")).isEqualTo(new Date(61_000L));
    assertThat(struct.getArray("tags")).containsExactly("fragile");
    assertThat(struct.getMap("counts")).containsEntry("boxes", 3L);
    assertThat(struct.getStruct("address").getString("city")).isEqualTo("Basel");
    assertThat(struct.get("kind")).isEqualTo("PALLET");
    struct.validate();
    org.apache.avro.Schema back = ConnectToAvro.schema(data.schema());
    assertThat(back.getField("day").schema()).isEqualTo(avro.getField("day").schema());
    assertThat(back.getField("cutoff").schema()).isEqualTo(avro.getField("cutoff").schema());
    assertThat(back.getField("address").schema().getFullName()).isEqualTo("test.Address");
    assertThat(back.getField("kind").schema().getType()).isEqualTo(org.apache.avro.Schema.Type.STRING);
  }

  @Test
  void connectSchemaIsBuiltOncePerSchemaId() {
    CountingRegistry registry = new CountingRegistry(FileSchemaRegistry.bundled());
    AvroConverter converter = new AvroConverter(registry);
    converter.configure(Map.of(), false);
    org.apache.avro.Schema avro = Topics.valueSchema(Topics.PAYMENTS);

    Schema first = converter.toConnectData(Topics.PAYMENTS, serializer.serialize(Topics.PAYMENTS, SampleRecords.record(avro, 1))).schema();
    Schema second = converter.toConnectData(Topics.PAYMENTS, serializer.serialize(Topics.PAYMENTS, SampleRecords.record(avro, 2))).schema();

    assertThat(second).isSameAs(first);
    assertThat(registry.lookupCalls()).isEqualTo(1);
  }

  @Test
  void badBytesAreADataException() {
    AvroConverter converter = converter();

    assertThatThrownBy(() -> converter.toConnectData(Topics.ORDERS, "not avro".getBytes()))
        .isInstanceOf(DataException.class)
        .hasMessage("Cannot convert a record of topic orders to Connect data: Cannot read the Confluent wire format: "
            + "magic byte is 0x6e, expected 0x00 (was the producer using a different serializer?)");
    assertThatThrownBy(() -> converter.toConnectData(Topics.ORDERS, new byte[] {0, 0, 0, 0, 77, 2}))
        .isInstanceOf(DataException.class)
        .hasMessageStartingWith("Cannot convert a record of topic orders to Connect data: Cannot find schema id 77");
  }

  @Test
  void nullIsATombstoneBothWays() {
    AvroConverter converter = converter();

    assertThat(converter.toConnectData(Topics.ORDERS, null)).isEqualTo(SchemaAndValue.NULL);
    assertThat(converter.fromConnectData(Topics.ORDERS, null, null)).isNull();
  }

  @Test
  void unreachableRegistryIsRetriable() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    AvroConverter converter = new AvroConverter();
    converter.configure(Map.of("schema.registry.url", "http://127.0.0.1:" + port), false);
    byte[] bytes = serializer.serialize(Topics.ORDERS, SampleRecords.record(Topics.valueSchema(Topics.ORDERS), 2));

    assertThatThrownBy(() -> converter.toConnectData(Topics.ORDERS, bytes))
        .isInstanceOf(RetriableException.class)
        .hasMessageStartingWith("Cannot reach schema registry at http://127.0.0.1:" + port);
  }

  @Test
  void structFromAnotherConnectorIsRegisteredThroughTheRestRegistry() throws IOException {
    Schema schema = SchemaBuilder.struct().name("test.Refund")
        .field("refund_id", Schema.STRING_SCHEMA)
        .field("amount", Decimal.builder(2).build())
        .field("at", Timestamp.SCHEMA)
        .field("reason", Schema.OPTIONAL_STRING_SCHEMA)
        .field("attempts", Schema.INT8_SCHEMA)
        .build();
    Struct refund = new Struct(schema).put("refund_id", "r-1").put("amount", new BigDecimal("5.00"))
        .put("at", new Date(1_000L)).put("attempts", (byte) 2);
    try (FakeConfluentRegistry server = FakeConfluentRegistry.start()) {
      AvroConverter converter = new AvroConverter();
      converter.configure(Map.of("schema.registry.url", server.url()), false);

      byte[] bytes = converter.fromConnectData("refunds", schema, refund);
      Struct back = (Struct) converter.toConnectData("refunds", bytes).value();

      assertThat(server.count("POST", "/subjects/refunds-value/versions")).isEqualTo(1);
      assertThat(back.get("amount")).isEqualTo(new BigDecimal("5.00"));
      assertThat(back.get("at")).isEqualTo(new Date(1_000L));
      assertThat(back.get("reason")).isNull();
      assertThat(back.get("attempts")).isEqualTo(2);
    }
  }

  @Test
  void structUnknownToTheFileCatalogIsADataException() {
    Schema schema = SchemaBuilder.struct().name("test.Unknown").field("a", Schema.STRING_SCHEMA).build();

    assertThatThrownBy(() -> converter().fromConnectData("unknown", schema, new Struct(schema).put("a", "x")))
        .isInstanceOf(DataException.class)
        .hasMessageStartingWith("Cannot convert a value for topic unknown to Avro: Cannot register a new schema for subject 'unknown-value'");
  }
}
