package dev.lakehouse.peerflink.input;

import static dev.lakehouse.peerflink.Events.T0;
import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.peerflink.Events;
import dev.lakehouse.peerflink.model.Input;
import dev.lakehouse.peerflink.model.KafkaOutput;
import dev.lakehouse.peerflink.model.ReferenceVersion;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaCatalog;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.serde.AvroData;
import dev.lakehouse.schemas.serde.AvroSerializer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.ProcessFunctionTestHarnesses;
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
    assertThat(input.eventTime()).isEqualTo(T0);
  }

  @Test
  void anOrderCarriesItsChannelAndDiscount() {
    Input input = read(discounted("12.50", "2.50"));

    assertThat(input.violation()).isNull();
    assertThat(input.order().channel()).isEqualTo("web");
    assertThat(input.order().discountAmount()).isEqualByComparingTo("2.50");
  }

  @Test
  void anOrderOfAVersion2ProducerHasNoChannelAndNoDiscount() {
    Schema version2 = SchemaCatalog.bundled().schema(Topics.valueSubject(Topics.ORDERS), 2);
    assertThat(version2.getField("channel")).isNull();
    GenericRecord order = order("o1", "PLACED", "EUR", "12.50", T0);
    Input input = read(AvroData.project(order, version2));

    assertThat(input.violation()).isNull();
    assertThat(input.order().amount()).isEqualByComparingTo("12.50");
    assertThat(input.order().channel()).isNull();
    assertThat(input.order().discountAmount()).isNull();
  }

  @Test
  void aDiscountOutsideZeroToTheAmountIsAnInvalidAmountDeadLetterWithTheStreamsAppsReason() throws Exception {
    assertThat(deadLetter(discounted("10.00", "10.01")))
        .containsExactly("INVALID_AMOUNT", "discount_amount 10.01 is not between 0 and the amount 10.00");
    assertThat(deadLetter(discounted("10.00", "-0.01")))
        .containsExactly("INVALID_AMOUNT", "discount_amount -0.01 is not between 0 and the amount 10.00");
    // both ends are a valid discount
    assertThat(read(discounted("10.00", "10.00")).violation()).isNull();
    assertThat(read(discounted("10.00", "0.00")).violation()).isNull();
  }

  @Test
  void theDiscountIsCheckedAfterTheAmountAndBeforeTheEventTime() {
    assertThat(read(discounted("-5.00", "1.00")).violation().reason())
        .isEqualTo("amount -5.00 is not in (0, 1000000.00]");
    GenericRecord badTimeAndDiscount = discounted("10.00", "10.01");
    badTimeAndDiscount.put("event_time", Instant.ofEpochMilli(NOW + 5 * 60_000 + 1));
    assertThat(read(badTimeAndDiscount).violation().reason()).startsWith("discount_amount 10.01 ");
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
  void bytesThatAreNotTheWireFormatAreADeserializationDeadLetter() {
    Input input = reader.read(record(Topics.ORDERS, "o1", "hello".getBytes(StandardCharsets.UTF_8)), NOW);

    assertThat(input.violation().errorClass()).isEqualTo("DESERIALIZATION");
    assertThat(input.violation().exceptionClass()).endsWith("WireFormatException");
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

  @Test
  void theHorizonIsJudgedByTheStreamTimeOfTheRecordsOwnInputPartition() throws Exception {
    long weekAndADay = 8 * 24 * 60 * Events.MINUTE;
    try (OneInputStreamOperatorTestHarness<Input, KafkaOutput> router =
        ProcessFunctionTestHarnesses.forProcessFunction(new InputRouter(Events.settings()))) {
      router.processElement(onPartition(1, order("o1", "PLACED", "EUR", "12.50", T0)), T0);
      router.processElement(onPartition(1, order("o2", "PLACED", "EUR", "12.50", T0 - weekAndADay)), T0);
      router.processElement(onPartition(2, order("o3", "PLACED", "EUR", "12.50", T0 - weekAndADay)), T0);

      assertThat(router.extractOutputValues()).extracting(output -> Events.decode(output, Topics.DEAD_LETTERS))
          .extracting(row -> row.get("error_class") + " " + row.get("record_key") + " " + row.get("source_partition"))
          .containsExactly("EVENT_TIME_OUT_OF_RANGE o2 1");
      assertThat(router.getSideOutput(InputRouter.EVENTS)).extracting(r -> r.getValue().order().orderId())
          .containsExactly("o1", "o3");
    }
  }

  private Input onPartition(int partition, GenericRecord order) {
    String key = order.get("order_id").toString();
    return reader.read(new ConsumerRecord<>(Topics.ORDERS, partition, 7L, T0, TimestampType.CREATE_TIME, -1, -1,
        key.getBytes(StandardCharsets.UTF_8), encode(Topics.ORDERS, order), new RecordHeaders(), Optional.empty()), NOW);
  }

  private Input read(GenericRecord order) {
    return reader.read(record(Topics.ORDERS, order.get("order_id").toString(), encode(Topics.ORDERS, order)), NOW);
  }

  /** Error class and reason of the one dead letter the validation operator writes for {@code order}. */
  private List<String> deadLetter(GenericRecord order) throws Exception {
    try (OneInputStreamOperatorTestHarness<Input, KafkaOutput> router =
        ProcessFunctionTestHarnesses.forProcessFunction(new InputRouter(Events.settings()))) {
      router.processElement(read(order), T0);
      List<KafkaOutput> outputs = router.extractOutputValues();
      assertThat(outputs).extracting(KafkaOutput::topic).containsExactly("flink-dead-letters");
      GenericRecord row = Events.decode(outputs.get(0), Topics.DEAD_LETTERS);
      return List.of(row.get("error_class").toString(), row.get("reason").toString());
    }
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

  /** A valid order of contract version 3: channel web and the given discount. */
  private static GenericRecord discounted(String amount, String discount) {
    GenericRecord order = order("o1", "PLACED", "EUR", amount, T0);
    order.put("channel", "web");
    order.put("discount_amount", new BigDecimal(discount));
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
