package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.FileSchemaRegistry;
import dev.lakehouse.schemas.registry.SchemaCatalog;
import dev.lakehouse.schemas.serde.AvroSerializer;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.ToLongFunction;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/**
 * Seeded factory of valid input records (contract schemas of {@code orders}, {@code payments},
 * {@code customers}, {@code merchants}) for topology tests, the broker integration test and the
 * benchmark. The same seed gives the same records; event ids are unique per factory.
 *
 * <p>Typical use: {@code TestEvents events = new TestEvents(42); GenericRecord order =
 * events.randomOrder(time); byte[] bytes = TestEvents.encode(Topics.ORDERS, order);} and key the
 * record with {@code order_id} (the topics' key contract).
 */
public final class TestEvents {
  public static final List<String> MERCHANTS = List.of("m-1", "m-2", "m-3", "m-4");
  public static final List<String> CUSTOMERS = List.of("c-1", "c-2", "c-3", "c-4", "c-5");
  public static final List<String> CURRENCIES = List.of("EUR", "USD", "GBP");
  public static final List<String> STATUSES = List.of("PLACED", "PLACED", "PLACED", "CANCELLED", "FULFILLED");
  public static final List<String> OUTCOMES = List.of("SUCCEEDED", "SUCCEEDED", "DECLINED", "FAILED");

  private static final AvroSerializer SERIALIZER = new AvroSerializer(FileSchemaRegistry.bundled());

  private final Random random;
  private long sequence;

  public TestEvents(long seed) {
    this.random = new Random(seed);
  }

  /** Confluent wire format bytes of {@code record} as the bundled registry's producers write them. */
  public static byte[] encode(String topic, GenericRecord record) {
    return SERIALIZER.serialize(topic, record);
  }

  /** Version {@code version} of a topic's contract as frozen in the bundled catalog (what earlier producers wrote). */
  public static Schema contractVersion(String topic, int version) {
    return SchemaCatalog.bundled().schema(Topics.valueSubject(topic), version);
  }

  public GenericRecord order(String orderId, String customerId, String merchantId, String status, String amount,
      String currency, Instant eventTime) {
    GenericData.Record order = new GenericData.Record(Topics.valueSchema(Topics.ORDERS));
    order.put("event_id", nextId("oe"));
    order.put("order_id", orderId);
    order.put("customer_id", customerId);
    order.put("merchant_id", merchantId);
    order.put("status", status);
    order.put("amount", new BigDecimal(amount));
    order.put("currency", currency);
    order.put("event_time", eventTime);
    return order;
  }

  /** A PLACED order with a new order id and random customer, merchant, currency and amount. */
  public GenericRecord placedOrder(Instant eventTime) {
    return order(nextId("o"), pick(CUSTOMERS), pick(MERCHANTS), "PLACED", randomAmount(), pick(CURRENCIES), eventTime);
  }

  /** An order event with a new order id and every field random (status mostly PLACED). */
  public GenericRecord randomOrder(Instant eventTime) {
    return order(nextId("o"), pick(CUSTOMERS), pick(MERCHANTS), pick(STATUSES), randomAmount(), pick(CURRENCIES),
        eventTime);
  }

  public GenericRecord payment(String orderId, String outcome, String amount, Instant eventTime) {
    GenericData.Record payment = new GenericData.Record(Topics.valueSchema(Topics.PAYMENTS));
    payment.put("event_id", nextId("pe"));
    payment.put("payment_id", nextId("p"));
    payment.put("order_id", orderId);
    payment.put("amount", new BigDecimal(amount));
    payment.put("outcome", outcome);
    payment.put("event_time", eventTime);
    return payment;
  }

  /** A payment attempt of a new order id with a random outcome and amount. */
  public GenericRecord randomPayment(Instant eventTime) {
    return payment(nextId("o"), pick(OUTCOMES), randomAmount(), eventTime);
  }

  public GenericRecord customer(String customerId, String name, String country, String segment, Instant updatedAt) {
    GenericData.Record customer = new GenericData.Record(Topics.valueSchema(Topics.CUSTOMERS));
    customer.put("customer_id", customerId);
    customer.put("name", name);
    customer.put("country", country);
    customer.put("segment", segment);
    customer.put("updated_at", updatedAt);
    return customer;
  }

  public GenericRecord merchant(String merchantId, String name, String country, String category, Instant updatedAt) {
    GenericData.Record merchant = new GenericData.Record(Topics.valueSchema(Topics.MERCHANTS));
    merchant.put("merchant_id", merchantId);
    merchant.put("name", name);
    merchant.put("country", country);
    merchant.put("category", category);
    merchant.put("updated_at", updatedAt);
    return merchant;
  }

  /**
   * {@code count} event times from {@code start}, {@code step} apart, in arrival order: each is
   * delayed by a random 0..maxDelay, so events arrive out of order by up to {@code maxDelay}.
   */
  public List<Instant> disorderedTimes(Instant start, Duration step, int count, Duration maxDelay) {
    List<long[]> timesAndArrivals = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      long time = start.toEpochMilli() + i * step.toMillis();
      long delay = maxDelay.isZero() ? 0 : (long) (random.nextDouble() * maxDelay.toMillis());
      timesAndArrivals.add(new long[] {time, time + delay});
    }
    timesAndArrivals.sort(Comparator.comparingLong((ToLongFunction<long[]>) pair -> pair[1]));
    return timesAndArrivals.stream().map(pair -> Instant.ofEpochMilli(pair[0])).toList();
  }

  /** The event time of an order or payment, in epoch milliseconds. */
  public static long millis(GenericRecord event) {
    return ((Instant) event.get("event_time")).toEpochMilli();
  }

  public boolean chance(double probability) {
    return random.nextDouble() < probability;
  }

  public <T> T pick(List<T> values) {
    return values.get(random.nextInt(values.size()));
  }

  /** 0.01 to 999.99 with two decimals. */
  public String randomAmount() {
    return new BigDecimal(1 + random.nextInt(99_999)).movePointLeft(2).toPlainString();
  }

  private String nextId(String prefix) {
    return prefix + "-" + (++sequence);
  }
}
