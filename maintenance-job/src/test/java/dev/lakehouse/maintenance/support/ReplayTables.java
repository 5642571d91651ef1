package dev.lakehouse.maintenance.support;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;

/**
 * Landed tables as a replay comparison reads them: the columns of the contracts it needs (the
 * landed tables have more), and rows of them. Each has an {@code event_time} for
 * {@link PersonalTables#create}'s hour partitions. The ledger: {@link LedgerTables}.
 */
public final class ReplayTables {
  public static final Schema ORDERS_ENRICHED = new Schema(
      Types.NestedField.required(1, "event_id", Types.StringType.get()),
      Types.NestedField.required(2, "customer_id", Types.StringType.get()),
      Types.NestedField.required(3, "status", Types.StringType.get()),
      Types.NestedField.required(4, "amount", Types.DecimalType.of(18, 2)),
      Types.NestedField.required(5, "event_time", Types.TimestampType.withZone()),
      Types.NestedField.required(6, "source_topic", Types.StringType.get()),
      Types.NestedField.required(7, "source_partition", Types.IntegerType.get()),
      Types.NestedField.required(8, "source_offset", Types.LongType.get()),
      Types.NestedField.required(9, "processing_time", Types.TimestampType.withZone()),
      Types.NestedField.optional(10, "_kafka_metadata_offset", Types.LongType.get()));
  public static final Schema ORDER_PAYMENTS = new Schema(
      Types.NestedField.required(1, "order_id", Types.StringType.get()),
      Types.NestedField.required(2, "customer_id", Types.StringType.get()),
      Types.NestedField.required(3, "status", Types.StringType.get()),
      Types.NestedField.required(4, "order_amount", Types.DecimalType.of(18, 2)),
      Types.NestedField.optional(5, "payment_id", Types.StringType.get()),
      Types.NestedField.optional(6, "payment_amount", Types.DecimalType.of(18, 2)),
      Types.NestedField.required(7, "event_time", Types.TimestampType.withZone()),
      Types.NestedField.required(8, "source_topic", Types.StringType.get()),
      Types.NestedField.required(9, "source_partition", Types.IntegerType.get()),
      Types.NestedField.required(10, "source_offset", Types.LongType.get()),
      Types.NestedField.required(11, "processing_time", Types.TimestampType.withZone()));
  public static final Schema REVENUE = new Schema(
      Types.NestedField.required(1, "merchant_id", Types.StringType.get()),
      Types.NestedField.required(2, "currency", Types.StringType.get()),
      Types.NestedField.required(3, "window_start", Types.TimestampType.withZone()),
      Types.NestedField.required(4, "window_end", Types.TimestampType.withZone()),
      Types.NestedField.required(5, "order_count", Types.LongType.get()),
      Types.NestedField.required(6, "revenue", Types.DecimalType.of(18, 2)),
      Types.NestedField.required(7, "event_time", Types.TimestampType.withZone()),
      Types.NestedField.required(8, "processing_time", Types.TimestampType.withZone()));


  private ReplayTables() {}

  /**
   * An order of the {@code orders} partition 0 at {@code offset}, produced by a run at {@code processed}
   * and landed by the sink from an output topic offset of its own (the sink's lineage column).
   */
  public static Record order(long offset, String customer, String amount, Instant eventTime, Instant processed) {
    Map<String, Object> values = new HashMap<>(Map.of("event_id", "e-" + offset, "customer_id", customer,
        "status", "PLACED", "amount", new BigDecimal(amount), "event_time", time(eventTime), "source_topic", "orders",
        "source_partition", 0, "source_offset", offset, "processing_time", time(processed)));
    values.put("_kafka_metadata_offset", processed.getEpochSecond() % 1000 + offset);
    return GenericRecord.create(ORDERS_ENRICHED).copy(values);
  }

  /** PAID (lineage: the payment at {@code offset} of payments-0) or, with a null payment, UNPAID (lineage: the order's). */
  public static Record orderPayment(String orderId, String paymentId, long offset, Instant eventTime, Instant processed) {
    Map<String, Object> values = new HashMap<>(Map.of("order_id", orderId, "customer_id", "cus-1",
        "status", paymentId == null ? "UNPAID" : "PAID", "order_amount", new BigDecimal("20.00"),
        "event_time", time(eventTime), "source_topic", paymentId == null ? "orders" : "payments",
        "source_partition", 0, "source_offset", offset, "processing_time", time(processed)));
    if (paymentId != null) {
      values.put("payment_id", paymentId);
      values.put("payment_amount", new BigDecimal("20.00"));
    }
    return GenericRecord.create(ORDER_PAYMENTS).copy(values);
  }

  /** The revenue of merchant m-1 in EUR in the minute from {@code windowStart}. */
  public static Record revenue(Instant windowStart, long orders, String revenue, Instant processed) {
    return GenericRecord.create(REVENUE).copy(Map.of("merchant_id", "m-1", "currency", "EUR",
        "window_start", time(windowStart), "window_end", time(windowStart.plusSeconds(60)), "order_count", orders,
        "revenue", new BigDecimal(revenue), "event_time", time(windowStart.plusSeconds(59)),
        "processing_time", time(processed)));
  }

  private static OffsetDateTime time(Instant instant) {
    return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
  }
}
