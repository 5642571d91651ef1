package dev.lakehouse.streams.topology.windows;

import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.event.Fields;
import dev.lakehouse.streams.topology.event.SourcedEvent;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.streams.KeyValue;

/** Group keys and output rows of the two windowed totals. */
final class WindowRows {
  private static final Schema REVENUE = Topics.valueSchema(Topics.REVENUE_BY_MERCHANT_1M);
  private static final Schema PAYMENTS = Topics.valueSchema(Topics.PAYMENTS_BY_OUTCOME_1M);

  private WindowRows() {}

  /** {@code currency:merchant_id}; accepted currencies never contain ':', so the first one splits. */
  static String revenueKey(SourcedEvent order) {
    return order.text(Fields.CURRENCY) + ":" + order.text(Fields.MERCHANT_ID);
  }

  static KeyValue<String, GenericRecord> revenue(String key, long windowStart, WindowTotals totals,
      long processingTime) {
    int split = key.indexOf(':');
    String merchantId = key.substring(split + 1);
    GenericData.Record row = new GenericData.Record(REVENUE);
    row.put("merchant_id", merchantId);
    row.put("currency", key.substring(0, split));
    putWindow(row, windowStart, processingTime);
    row.put("order_count", totals.count());
    row.put("revenue", totals.amount());
    row.put("event_time", Instant.ofEpochMilli(totals.maxEventTime()));
    return KeyValue.pair(merchantId, row);
  }

  static KeyValue<String, GenericRecord> paymentsByOutcome(String outcome, long windowStart, WindowTotals totals,
      long processingTime) {
    GenericData.Record row = new GenericData.Record(PAYMENTS);
    row.put("outcome", outcome);
    putWindow(row, windowStart, processingTime);
    row.put("payment_count", totals.count());
    row.put("amount_total", totals.amount());
    row.put("event_time", Instant.ofEpochMilli(totals.maxEventTime()));
    return KeyValue.pair(outcome, row);
  }

  private static void putWindow(GenericData.Record row, long windowStart, long processingTime) {
    row.put("window_start", Instant.ofEpochMilli(windowStart));
    row.put("window_end", Instant.ofEpochMilli(windowStart + WindowedTotals.WINDOW_SIZE.toMillis()));
    row.put("processing_time", Instant.ofEpochMilli(processingTime));
  }
}
