package dev.lakehouse.peerflink.input;

import static dev.lakehouse.peerflink.Events.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.peerflink.Events;
import dev.lakehouse.peerflink.model.Input;
import dev.lakehouse.peerflink.model.ReferenceVersion;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.serde.AvroSerializer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class InputReaderTest {
  private static final long NOW = T0 + 3_600_000;
  private final InputReader reader = new InputReader(Events.settings());
  private final AvroSerializer serializer =
      new AvroSerializer(SchemaRegistries.fromConfig(Map.of("schema.registry.url", "file:")));

  @BeforeEach
  void open() {
    reader.open(null);
  }

  @Test
  void aValidOrderBecomesAnOrderWithItsLineageAndEventTime() {
    Input input = reader.read(record(Topics.ORDERS, "o1", encode(Topics.ORDERS, order("o1", "PLACED", "EUR", "12.50", T0))), NOW);

    assertThat(input.violation()).isNull();
    assertThat(input.order().orderId()).isEqualTo("o1");
    assertThat(input.order().amount()).isEqualByComparingTo("12.50");
    assertThat(input.order().offset()).isEqualTo(42L);
    assertThat(input.watermarkTimestamp()).isEqualTo(T0);
  }

  @Test
  void aCustomerBecomesAReferenceVersionValidFromItsUpdatedAt() {
    GenericData.Record customer = new GenericData.Record(Topics.valueSchema(Topics.CUSTOMERS));
    customer.put("customer_id", "c-1");
    customer.put("name", "Ada");
    customer.put("country", "DE");
    customer.put("segment", "retail");
    customer.put("updated_at", Instant.ofEpochMilli(T0));

    Input input = reader.read(record(Topics.CUSTOMERS, "c-1", encode(Topics.CUSTOMERS, customer)), NOW);

    assertThat(input.reference().key()).isEqualTo("customers/c-1");
    assertThat(input.reference().detail()).isEqualTo("retail");
    assertThat(input.reference().validFrom()).isEqualTo(T0);
  }

  @Test
  void bytesThatAreNotTheWireFormatAreADeserializationDeadLetterThatMovesNoWatermark() {
    Input input = reader.read(record(Topics.ORDERS, "o1", "hello".getBytes(StandardCharsets.UTF_8)), NOW);

    assertThat(input.violation().errorClass()).isEqualTo("DESERIALIZATION");
    assertThat(input.violation().exceptionClass()).endsWith("WireFormatException");
    assertThat(input.watermarkTimestamp()).isEqualTo(Long.MIN_VALUE);
  }

  @Test
  void anUnknownSchemaIdIsAnUnknownSchemaDeadLetter() {
    byte[] bytes = encode(Topics.ORDERS, order("o1", "PLACED", "EUR", "12.50", T0));
    bytes[4] = 99;

    assertThat(reader.read(record(Topics.ORDERS, "o1", bytes), NOW).violation().errorClass()).isEqualTo("UNKNOWN_SCHEMA");
  }

  @Test
  void eachBrokenRuleHasItsErrorClass() {
    assertThat(violation(null, order("o1", "PLACED", "EUR", "12.50", T0))).isEqualTo("MISSING_KEY");
    assertThat(violation("o2", order("o1", "PLACED", "EUR", "12.50", T0))).isEqualTo("INVALID_VALUE");
    assertThat(violation("o1", order("o1", "PLACED", "QQQ", "12.50", T0))).isEqualTo("INVALID_VALUE");
    assertThat(violation("o1", order("o1", "SHIPPED", "EUR", "12.50", T0))).isEqualTo("INVALID_VALUE");
    assertThat(violation("o1", order("o1", "PLACED", "EUR", "-5.00", T0))).isEqualTo("INVALID_AMOUNT");
    assertThat(violation("o1", order("o1", "PLACED", "EUR", "1000000.01", T0))).isEqualTo("INVALID_AMOUNT");
    assertThat(violation("o1", order("o1", "PLACED", "EUR", "12.50", NOW + 5 * 60_000 + 1)))
        .isEqualTo("EVENT_TIME_OUT_OF_RANGE");
    assertThat(violation("o1", order("o1", "PLACED", "EUR", "12.50", NOW + 5 * 60_000))).isNull();
    GenericRecord noCustomer = order("o1", "PLACED", "EUR", "12.50", T0);
    noCustomer.put("customer_id", " ");
    assertThat(violation("o1", noCustomer)).isEqualTo("MISSING_FIELD");
  }

  @Test
  void aTombstoneOnOrdersOrPaymentsIsAnInvalidValueDeadLetter() {
    assertThat(reader.read(record(Topics.PAYMENTS, "o1", null), NOW).violation().errorClass()).isEqualTo("INVALID_VALUE");
    assertThat(reader.read(record(Topics.ORDERS, "o1", null), NOW).violation().errorClass()).isEqualTo("INVALID_VALUE");
  }

  @Test
  void aTombstoneOnCustomersDeletesTheCustomerAsOfItsKafkaTimestamp() {
    Input input = reader.read(record(Topics.CUSTOMERS, "c-1", null), NOW);

    assertThat(input.violation()).isNull();
    assertThat(input.reference()).isEqualTo(ReferenceVersion.deletion(Topics.CUSTOMERS, "c-1", T0));
  }

  @Test
  void aTombstoneWithoutAKeyIsAMissingKeyDeadLetter() {
    assertThat(reader.read(record(Topics.MERCHANTS, null, null), NOW).violation().errorClass())
        .isEqualTo("MISSING_KEY");
  }

  private String violation(String key, GenericRecord order) {
    Input input = reader.read(record(Topics.ORDERS, key, encode(Topics.ORDERS, order)), NOW);
    return input.violation() == null ? null : input.violation().errorClass();
  }

  private static GenericRecord order(String orderId, String status, String currency, String amount, long eventTime) {
    GenericData.Record order = new GenericData.Record(Topics.valueSchema(Topics.ORDERS));
    order.put("event_id", "e-" + orderId);
    order.put("order_id", orderId);
    order.put("customer_id", "c-1");
    order.put("merchant_id", "m-1");
    order.put("status", status);
    order.put("amount", new BigDecimal(amount));
    order.put("currency", currency);
    order.put("event_time", Instant.ofEpochMilli(eventTime));
    return order;
  }

  private byte[] encode(String topic, GenericRecord value) {
    return serializer.serialize(topic, value);
  }

  private static ConsumerRecord<byte[], byte[]> record(String topic, String key, byte[] value) {
    return new ConsumerRecord<>(topic, 1, 42L, T0, TimestampType.CREATE_TIME, -1, -1,
        key == null ? null : key.getBytes(StandardCharsets.UTF_8), value, new RecordHeaders(), Optional.empty());
  }
}
