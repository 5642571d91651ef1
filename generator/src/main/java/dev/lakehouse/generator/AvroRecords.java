package dev.lakehouse.generator;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaCatalog;
import java.math.BigDecimal;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/** Builds the input records of the pipeline as Avro records of the topics' value schemas. */
public final class AvroRecords {
  private AvroRecords() {}

  /** The orders contract before channel and discount (version 2 of {@code orders-value}), as older producers send it. */
  private static final Schema PREVIOUS_ORDERS = SchemaCatalog.bundled().schema(Topics.valueSubject(Topics.ORDERS), 2);

  /** An event of {@code order} on the contract version its producer uses. */
  static GenericRecord order(String eventId, OrderFacts order, String status, Instant eventTime) {
    GenericRecord r = new GenericData.Record(order.onPreviousContract() ? PREVIOUS_ORDERS : Topics.valueSchema(Topics.ORDERS));
    r.put("event_id", eventId);
    r.put("order_id", order.orderId());
    r.put("customer_id", order.customerId());
    r.put("merchant_id", order.merchantId());
    r.put("status", status);
    r.put("amount", order.amount());
    r.put("currency", order.currency());
    r.put("event_time", eventTime);
    if (!order.onPreviousContract()) {
      r.put("channel", order.channel());
      r.put("discount_amount", order.discount());
    }
    return r;
  }

  static GenericRecord payment(
      String eventId, String paymentId, String orderId, BigDecimal amount, String outcome, Instant eventTime) {
    GenericRecord r = new GenericData.Record(Topics.valueSchema(Topics.PAYMENTS));
    r.put("event_id", eventId);
    r.put("payment_id", paymentId);
    r.put("order_id", orderId);
    r.put("amount", amount);
    r.put("outcome", outcome);
    r.put("event_time", eventTime);
    return r;
  }

  public static GenericRecord customer(String customerId, String name, String country, String segment, Instant updatedAt) {
    GenericRecord r = new GenericData.Record(Topics.valueSchema(Topics.CUSTOMERS));
    r.put("customer_id", customerId);
    r.put("name", name);
    r.put("country", country);
    r.put("segment", segment);
    r.put("updated_at", updatedAt);
    return r;
  }

  public static GenericRecord merchant(String merchantId, String name, String country, String category, Instant updatedAt) {
    GenericRecord r = new GenericData.Record(Topics.valueSchema(Topics.MERCHANTS));
    r.put("merchant_id", merchantId);
    r.put("name", name);
    r.put("country", country);
    r.put("category", category);
    r.put("updated_at", updatedAt);
    return r;
  }
}
