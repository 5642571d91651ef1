package dev.lakehouse.streams.topology;

import dev.lakehouse.schemas.Topics;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.kstream.Windowed;

/** Group keys and output rows of the two windowed totals. */
final class WindowRows {
  private static final Schema REVENUE = Topics.valueSchema(Topics.REVENUE_BY_MERCHANT_1M);
  private static final Schema PAYMENTS = Topics.valueSchema(Topics.PAYMENTS_BY_OUTCOME_1M);

  private WindowRows() {}

  /** {@code currency:merchant_id}; accepted currencies never contain ':', so the first one splits. */
  static String revenueKey(SourcedEvent order) {
    return order.text("currency") + ":" + order.text("merchant_id");
  }

  static KeyValue<String, GenericRecord> revenue(Windowed<String> window, WindowTotals totals, long processingTime) {
    String key = window.key();
    int split = key.indexOf(':');
    String merchantId = key.substring(split + 1);
    GenericData.Record row = new GenericData.Record(REVENUE);
    row.put("merchant_id", merchantId);
    row.put("currency", key.substring(0, split));
    putWindow(row, window, processingTime);
    row.put("order_count", totals.count());
    row.put("revenue", totals.amount());
    row.put("event_time", Instant.ofEpochMilli(totals.maxEventTime()));
    return KeyValue.pair(merchantId, row);
  }

  static KeyValue<String, GenericRecord> paymentsByOutcome(Windowed<String> window, WindowTotals totals,
      long processingTime) {
    GenericData.Record row = new GenericData.Record(PAYMENTS);
    row.put("outcome", window.key());
    putWindow(row, window, processingTime);
    row.put("payment_count", totals.count());
    row.put("amount_total", totals.amount());
    row.put("event_time", Instant.ofEpochMilli(totals.maxEventTime()));
    return KeyValue.pair(window.key(), row);
  }

  private static void putWindow(GenericData.Record row, Windowed<String> window, long processingTime) {
    row.put("window_start", Instant.ofEpochMilli(window.window().start()));
    row.put("window_end", Instant.ofEpochMilli(window.window().end()));
    row.put("processing_time", Instant.ofEpochMilli(processingTime));
  }
}
