package dev.lakehouse.peerflink.output;

import dev.lakehouse.peerflink.model.Order;
import dev.lakehouse.peerflink.model.Payment;
import dev.lakehouse.peerflink.model.ReferenceVersion;
import dev.lakehouse.peerflink.model.TimedAmount;
import dev.lakehouse.peerflink.window.Totals;
import dev.lakehouse.schemas.Topics;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/** The output rows of the job, field by field as the Avro contracts in {@code schemas} define them. */
public final class ContractRows {
  private static final Schema ENRICHED = Topics.valueSchema(Topics.ORDERS_ENRICHED);
  private static final Schema ORDER_PAYMENT = Topics.valueSchema(Topics.ORDER_PAYMENTS);
  private static final Schema REVENUE = Topics.valueSchema(Topics.REVENUE_BY_MERCHANT_1M);
  private static final Schema PAYMENTS_BY_OUTCOME = Topics.valueSchema(Topics.PAYMENTS_BY_OUTCOME_1M);
  private static final Schema LATE_EVENT = Topics.valueSchema(Topics.LATE_EVENTS);

  private ContractRows() {}

  /** An order with the customer and merchant versions valid at its event time (either may be null). */
  public static GenericRecord enrichedOrder(Order order, ReferenceVersion customer, ReferenceVersion merchant,
      long processingTime) {
    GenericData.Record row = new GenericData.Record(ENRICHED);
    row.put("event_id", order.eventId());
    row.put("order_id", order.orderId());
    row.put("customer_id", order.customerId());
    row.put("merchant_id", order.merchantId());
    row.put("status", order.status());
    row.put("amount", order.amount());
    row.put("currency", order.currency());
    row.put("event_time", Instant.ofEpochMilli(order.eventTime()));
    row.put("channel", order.channel());
    row.put("discount_amount", order.discountAmount());
    if (customer != null) {
      row.put("customer_name", customer.name());
      row.put("customer_country", customer.country());
      row.put("customer_segment", customer.detail());
    }
    if (merchant != null) {
      row.put("merchant_name", merchant.name());
      row.put("merchant_country", merchant.country());
      row.put("merchant_category", merchant.detail());
    }
    putLineage(row, Topics.ORDERS, order.partition(), order.offset(), processingTime);
    return row;
  }

  /** PAID with the payment (its time and lineage), or UNPAID (payment null) at {@code eventTime}. */
  public static GenericRecord orderPayment(Order order, Payment payment, long eventTime, long processingTime) {
    GenericData.Record row = new GenericData.Record(ORDER_PAYMENT);
    row.put("order_id", order.orderId());
    row.put("order_event_id", order.eventId());
    row.put("customer_id", order.customerId());
    row.put("merchant_id", order.merchantId());
    row.put("order_amount", order.amount());
    row.put("currency", order.currency());
    row.put("order_time", Instant.ofEpochMilli(order.eventTime()));
    row.put("event_time", Instant.ofEpochMilli(eventTime));
    if (payment == null) {
      row.put("status", "UNPAID");
      putLineage(row, Topics.ORDERS, order.partition(), order.offset(), processingTime);
      return row;
    }
    row.put("payment_id", payment.paymentId());
    row.put("payment_amount", payment.amount());
    row.put("payment_outcome", payment.outcome());
    row.put("payment_time", Instant.ofEpochMilli(payment.eventTime()));
    row.put("status", "PAID");
    putLineage(row, Topics.PAYMENTS, payment.partition(), payment.offset(), processingTime);
    return row;
  }

  /** Revenue of one {@code currency:merchant_id} key in one window. */
  public static GenericRecord revenue(String windowKey, long windowStart, long windowEnd, Totals totals,
      long processingTime) {
    int split = windowKey.indexOf(':');
    GenericData.Record row = new GenericData.Record(REVENUE);
    row.put("merchant_id", windowKey.substring(split + 1));
    row.put("currency", windowKey.substring(0, split));
    row.put("order_count", totals.count());
    row.put("revenue", totals.amount());
    putWindow(row, windowStart, windowEnd, totals, processingTime);
    return row;
  }

  public static GenericRecord paymentsByOutcome(String outcome, long windowStart, long windowEnd, Totals totals,
      long processingTime) {
    GenericData.Record row = new GenericData.Record(PAYMENTS_BY_OUTCOME);
    row.put("outcome", outcome);
    row.put("payment_count", totals.count());
    row.put("amount_total", totals.amount());
    putWindow(row, windowStart, windowEnd, totals, processingTime);
    return row;
  }

  /** An event too late for its window, with the stream time it was judged by and its lateness. */
  public static GenericRecord lateEvent(TimedAmount event, long windowStart, long windowEnd, long streamTime,
      long latenessMs, long processingTime) {
    GenericData.Record row = new GenericData.Record(LATE_EVENT);
    if (event instanceof Order order) {
      row.put("event_type", "order");
      row.put("event_id", order.eventId());
      row.put("order_id", order.orderId());
      row.put("merchant_id", order.merchantId());
      row.put("currency", order.currency());
      row.put("status", order.status());
      putLineage(row, Topics.ORDERS, order.partition(), order.offset(), processingTime);
    } else {
      Payment payment = (Payment) event;
      row.put("event_type", "payment");
      row.put("event_id", payment.eventId());
      row.put("order_id", payment.orderId());
      row.put("payment_id", payment.paymentId());
      row.put("outcome", payment.outcome());
      putLineage(row, Topics.PAYMENTS, payment.partition(), payment.offset(), processingTime);
    }
    row.put("amount", event.amount());
    row.put("event_time", Instant.ofEpochMilli(event.eventTime()));
    row.put("window_start", Instant.ofEpochMilli(windowStart));
    row.put("window_end", Instant.ofEpochMilli(windowEnd));
    row.put("stream_time", Instant.ofEpochMilli(streamTime));
    row.put("lateness_ms", latenessMs);
    return row;
  }

  private static void putWindow(GenericData.Record row, long windowStart, long windowEnd, Totals totals,
      long processingTime) {
    row.put("window_start", Instant.ofEpochMilli(windowStart));
    row.put("window_end", Instant.ofEpochMilli(windowEnd));
    row.put("event_time", Instant.ofEpochMilli(totals.maxEventTime()));
    row.put("processing_time", Instant.ofEpochMilli(processingTime));
  }

  private static void putLineage(GenericData.Record row, String topic, int partition, long offset,
      long processingTime) {
    row.put("source_topic", topic);
    row.put("source_partition", partition);
    row.put("source_offset", offset);
    row.put("processing_time", Instant.ofEpochMilli(processingTime));
  }
}
