package dev.lakehouse.streams.topology.input;

import static org.assertj.core.api.Assertions.assertThat;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.LakehouseMetrics;
import dev.lakehouse.streams.topology.TestEvents;
import dev.lakehouse.streams.topology.TopologyHarness;
import dev.lakehouse.streams.topology.TopologySettings;
import dev.lakehouse.streams.topology.deadletters.DeadLetters;
import dev.lakehouse.streams.topology.deadletters.ErrorClass;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every class of bad input lands in dead-letters with its reason, lineage and headers, and the
 * valid orders piped before and after it still come out enriched.
 */
public class DeadLetterTest {
  private static final Instant T = Instant.parse("2026-11-29T10:00:00Z");
  private static final TestEvents EVENTS = new TestEvents(5);

  @TempDir Path stateDir;

  /** A bad record: where it goes, its key and bytes, and what the dead letter must say. */
  record BadInput(String topic, String key, byte[] value, ErrorClass errorClass, String reasonPart,
      Instant eventTime) {}

  static Stream<Arguments> badInputs() {
    GenericRecord order = order("o-bad", "10.00", "EUR", "PLACED", T);
    byte[] orderBytes = TestEvents.encode(Topics.ORDERS, order);
    byte[] unknownSchemaId = orderBytes.clone();
    ByteBuffer.wrap(unknownSchemaId).putInt(1, 9_999);
    byte[] truncated = Arrays.copyOf(orderBytes, orderBytes.length - 3);
    GenericRecord emptyEventId = order("o-bad", "10.00", "EUR", "PLACED", T);
    emptyEventId.put("event_id", "");
    GenericRecord emptyCustomer = EVENTS.customer("", "Ann", "DE", "retail", T);
    Instant future = TopologyHarness.WALL_CLOCK.plus(Duration.ofMinutes(6));
    Instant beforeHorizon = T.minus(Duration.ofDays(8));
    return Stream.of(
        bad("not wire format", Topics.ORDERS, "o-bad", "hello".getBytes(StandardCharsets.UTF_8),
            ErrorClass.DESERIALIZATION, "magic byte", null),
        bad("unknown schema id", Topics.ORDERS, "o-bad", unknownSchemaId, ErrorClass.UNKNOWN_SCHEMA,
            "schema id 9999", null),
        bad("avro not matching schema", Topics.ORDERS, "o-bad", truncated, ErrorClass.DESERIALIZATION,
            "Cannot deserialize", null),
        bad("null key", Topics.ORDERS, null, orderBytes, ErrorClass.MISSING_KEY, "record key is null", T),
        bad("empty key", Topics.PAYMENTS, "",
            TestEvents.encode(Topics.PAYMENTS, EVENTS.payment("o-1", "SUCCEEDED", "1.00", T)),
            ErrorClass.MISSING_KEY, "record key is empty", T),
        bad("key is not the order id", Topics.ORDERS, "o-other", orderBytes, ErrorClass.INVALID_VALUE,
            "record key 'o-other' is not the order_id 'o-bad'", T),
        bad("empty event id", Topics.ORDERS, "o-bad", TestEvents.encode(Topics.ORDERS, emptyEventId),
            ErrorClass.MISSING_FIELD, "event_id is empty", T),
        bad("empty customer id", Topics.CUSTOMERS, "c-1", TestEvents.encode(Topics.CUSTOMERS, emptyCustomer),
            ErrorClass.MISSING_FIELD, "customer_id is empty", T),
        bad("negative amount", Topics.ORDERS, "o-bad", encodedOrder("-5.00", "EUR", "PLACED", T),
            ErrorClass.INVALID_AMOUNT, "amount -5.00 is not positive", T),
        bad("zero amount", Topics.PAYMENTS, "o-1",
            TestEvents.encode(Topics.PAYMENTS, EVENTS.payment("o-1", "SUCCEEDED", "0.00", T)),
            ErrorClass.INVALID_AMOUNT, "amount 0.00 is not positive", T),
        bad("absurd amount", Topics.ORDERS, "o-bad", encodedOrder("1000000.01", "EUR", "PLACED", T),
            ErrorClass.INVALID_AMOUNT, "amount 1000000.01 is above the maximum 1000000.00", T),
        bad("discount above the amount", Topics.ORDERS, "o-bad", encodedDiscountedOrder("10.00", "10.01"),
            ErrorClass.INVALID_AMOUNT, "discount_amount 10.01 is not between 0 and the amount 10.00", T),
        bad("negative discount", Topics.ORDERS, "o-bad", encodedDiscountedOrder("10.00", "-0.01"),
            ErrorClass.INVALID_AMOUNT, "discount_amount -0.01 is not between 0 and the amount 10.00", T),
        bad("unknown currency", Topics.ORDERS, "o-bad", encodedOrder("10.00", "JPY", "PLACED", T),
            ErrorClass.INVALID_VALUE, "currency 'JPY' is not accepted; accepted: [EUR, GBP, USD]", T),
        bad("unknown status", Topics.ORDERS, "o-bad", encodedOrder("10.00", "EUR", "SHIPPED", T),
            ErrorClass.INVALID_VALUE, "status 'SHIPPED' is not accepted", T),
        bad("unknown outcome", Topics.PAYMENTS, "o-1",
            TestEvents.encode(Topics.PAYMENTS, EVENTS.payment("o-1", "REFUNDED", "1.00", T)),
            ErrorClass.INVALID_VALUE, "outcome 'REFUNDED' is not accepted", T),
        bad("event time beyond future skew", Topics.ORDERS, "o-bad", encodedOrder("10.00", "EUR", "PLACED", future),
            ErrorClass.EVENT_TIME_OUT_OF_RANGE, "is more than PT5M ahead of the wall clock", future),
        bad("event time before horizon", Topics.ORDERS, "o-bad",
            encodedOrder("10.00", "EUR", "PLACED", beforeHorizon), ErrorClass.EVENT_TIME_OUT_OF_RANGE,
            "is more than PT168H behind stream time", beforeHorizon),
        bad("event time before 1970", Topics.ORDERS, "o-bad",
            encodedOrder("10.00", "EUR", "PLACED", Instant.ofEpochMilli(-1)), ErrorClass.EVENT_TIME_OUT_OF_RANGE,
            "is before 1970", Instant.ofEpochMilli(-1)),
        bad("tombstone on orders", Topics.ORDERS, "o-bad", null, ErrorClass.INVALID_VALUE, "value is null", null),
        bad("tombstone on payments", Topics.PAYMENTS, "o-1", null, ErrorClass.INVALID_VALUE, "value is null", null),
        bad("tombstone without a key", Topics.CUSTOMERS, null, null, ErrorClass.MISSING_KEY, "record key is null",
            TopologyHarness.WALL_CLOCK));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badInputs")
  void badInputIsDeadLetteredAndTheGoodRecordsAroundItComeOut(String name, BadInput bad) {
    GenericRecord before = order("o-good-1", "10.00", "EUR", "PLACED", T);
    GenericRecord after = order("o-good-2", "20.00", "USD", "PLACED", T.plusSeconds(1));
    try (TopologyHarness harness = new TopologyHarness(TopologySettings.defaults(), stateDir)) {
      harness.pipe(Topics.ORDERS, before);
      harness.pipe(bad.topic(), bad.key(), bad.value());
      harness.pipe(Topics.ORDERS, after);
      flushEnrichment(harness, T);

      List<TestRecord<String, GenericRecord>> deadLetters = harness.read(Topics.DEAD_LETTERS);
      assertThat(deadLetters).hasSize(1);
      TestRecord<String, GenericRecord> deadLetter = deadLetters.get(0);
      long expectedOffset = bad.topic().equals(Topics.ORDERS) ? 1 : 0;
      GenericRecord row = deadLetter.value();
      assertThat(row.get("error_class").toString()).isEqualTo(bad.errorClass().name());
      assertThat(row.get("reason").toString()).contains(bad.reasonPart());
      assertThat(row.get("source_topic").toString()).isEqualTo(bad.topic());
      assertThat(row.get("source_partition")).isEqualTo(0);
      assertThat(row.get("source_offset")).isEqualTo(expectedOffset);
      assertThat(row.get("record_key") == null ? null : row.get("record_key").toString()).isEqualTo(bad.key());
      assertThat(row.get("record_value")).isEqualTo(bad.value() == null ? null : ByteBuffer.wrap(bad.value()));
      assertThat(row.get("event_time")).isEqualTo(bad.eventTime());
      assertThat(row.get("processing_time")).isEqualTo(TopologyHarness.WALL_CLOCK);
      assertThat(deadLetter.key()).isEqualTo(bad.key());

      assertThat(header(deadLetter, DeadLetters.HEADER_MESSAGE)).isEqualTo(row.get("reason").toString());
      assertThat(header(deadLetter, DeadLetters.HEADER_EXCEPTION)).isNotBlank();
      assertThat(header(deadLetter, DeadLetters.HEADER_TOPIC)).isEqualTo(bad.topic());
      assertThat(header(deadLetter, DeadLetters.HEADER_PARTITION)).isEqualTo("0");
      assertThat(header(deadLetter, DeadLetters.HEADER_OFFSET)).isEqualTo(String.valueOf(expectedOffset));

      assertThat(harness.read(Topics.ORDERS_ENRICHED).stream().map(r -> r.value().get("order_id").toString()))
          .contains("o-good-1", "o-good-2");
      assertThat(harness.counter(LakehouseMetrics.RECORDS_DEAD_LETTERED, bad.topic())).isEqualTo(1.0);
      assertThat(harness.counter(LakehouseMetrics.RECORDS_VALID, Topics.ORDERS)).isGreaterThanOrEqualTo(2.0);
    }
  }

  /** Two later orders move stream time past both reference-join buffers (grace 30 s each). */
  public static void flushEnrichment(TopologyHarness harness, Instant after) {
    harness.pipe(Topics.ORDERS, order("o-flush-1", "1.00", "EUR", "CANCELLED", after.plus(Duration.ofMinutes(5))));
    harness.pipe(Topics.ORDERS, order("o-flush-2", "1.00", "EUR", "CANCELLED", after.plus(Duration.ofMinutes(10))));
  }

  private static String header(TestRecord<String, GenericRecord> record, String name) {
    Header header = record.headers().lastHeader(name);
    return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
  }

  private static GenericRecord order(String orderId, String amount, String currency, String status, Instant time) {
    return EVENTS.order(orderId, "c-1", "m-1", status, amount, currency, time);
  }

  private static byte[] encodedOrder(String amount, String currency, String status, Instant time) {
    return TestEvents.encode(Topics.ORDERS, order("o-bad", amount, currency, status, time));
  }

  private static byte[] encodedDiscountedOrder(String amount, String discount) {
    GenericRecord order = order("o-bad", amount, "EUR", "PLACED", T);
    order.put("discount_amount", new BigDecimal(discount));
    return TestEvents.encode(Topics.ORDERS, order);
  }

  private static Arguments bad(String name, String topic, String key, byte[] value, ErrorClass errorClass,
      String reasonPart, Instant eventTime) {
    return Arguments.of(name, new BadInput(topic, key, value, errorClass, reasonPart, eventTime));
  }
}
