package dev.lakehouse.e2e.oracle;

import dev.lakehouse.schemas.Topics;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.avro.Schema;

/**
 * The landed tables: the key that identifies a row (for lost and duplicated rows) and the columns
 * compared with the oracle (every field of the topic's schema except wall-clock and stream-time
 * fields, which are checked by bounds).
 */
public enum OutputTable {
  ORDERS_ENRICHED(Topics.ORDERS_ENRICHED, row -> text(row, "event_id")),
  REVENUE_BY_MERCHANT_1M(Topics.REVENUE_BY_MERCHANT_1M,
      row -> text(row, "merchant_id") + "|" + text(row, "currency") + "|" + text(row, "window_start")),
  PAYMENTS_BY_OUTCOME_1M(Topics.PAYMENTS_BY_OUTCOME_1M, row -> text(row, "outcome") + "|" + text(row, "window_start")),
  LATE_EVENTS(Topics.LATE_EVENTS, row -> text(row, "event_id"), "stream_time", "lateness_ms"),
  ORDER_PAYMENTS(Topics.ORDER_PAYMENTS, row -> text(row, "order_id")),
  DEAD_LETTERS(Topics.DEAD_LETTERS,
      row -> text(row, "source_topic") + "|" + text(row, "source_partition") + "|" + text(row, "source_offset"),
      "reason");

  private final String topic;
  private final Function<Map<String, Object>, String> key;
  private final List<String> comparedColumns;

  OutputTable(String topic, Function<Map<String, Object>, String> key, String... boundedColumns) {
    this.topic = topic;
    this.key = key;
    Set<String> skipped = Set.of(boundedColumns);
    this.comparedColumns = Topics.valueSchema(topic).getFields().stream()
        .map(Schema.Field::name)
        .filter(name -> !name.equals("processing_time") && !skipped.contains(name))
        .toList();
  }

  public String topic() {
    return topic;
  }

  public String tableName() {
    return Topics.tableName(topic);
  }

  public String key(Map<String, Object> row) {
    return key.apply(row);
  }

  public List<String> comparedColumns() {
    return comparedColumns;
  }

  private static String text(Map<String, Object> row, String column) {
    return String.valueOf(row.get(column));
  }
}
