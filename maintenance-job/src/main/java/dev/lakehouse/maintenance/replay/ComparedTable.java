package dev.lakehouse.maintenance.replay;

import dev.lakehouse.schemas.Topics;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.avro.Schema;

/**
 * How one landed table is compared between a replay and the live run: the business key a row is
 * matched by, which of its rows fall inside the {@link ComparisonCut} (by their input lineage, or by
 * their window), the column its rows are counted by and the columns summed. The values compared
 * are the fields of the table's contract but the processing time: a replay reads the same input
 * offsets (so the same lineage) under the same rules and must produce them again. Columns the sink
 * adds (its record of the output topic's position, {@code _kafka_metadata_*}) are not the
 * pipeline's results, and differ legitimately: a replay writes other topics.
 *
 * @param topic the output topic the table lands, whose contract names its columns
 */
record ComparedTable(String topic, List<String> key, Region region, String groupBy, List<String> sums) {
  /** Wall-clock time at which a run produced the row: the one contract field a replay never reproduces. */
  static final Set<String> NOT_REPRODUCED = Set.of("processing_time");

  enum Region {
    /** A row is inside when its input position (source_topic, source_partition, source_offset) is. */
    LINEAGE,
    /** A window result is inside when its window is final in both runs (window_start, window_end). */
    WINDOW
  }

  /** In the order the output lists them; the ledger is not compared row by row (its intervals follow each run's wall clock). */
  static final List<ComparedTable> ALL = List.of(
      new ComparedTable(Topics.ORDERS_ENRICHED, List.of("event_id"), Region.LINEAGE, "status", List.of("amount")),
      new ComparedTable(Topics.ORDER_PAYMENTS, List.of("order_id"), Region.LINEAGE, "status",
          List.of("order_amount", "payment_amount")),
      new ComparedTable(Topics.DEAD_LETTERS, List.of("source_topic", "source_partition", "source_offset"), Region.LINEAGE,
          "error_class", List.of()),
      new ComparedTable(Topics.LATE_EVENTS, List.of("event_type", "event_id"), Region.LINEAGE, "event_type",
          List.of("amount")),
      new ComparedTable(Topics.REVENUE_BY_MERCHANT_1M, List.of("merchant_id", "currency", "window_start"), Region.WINDOW,
          "currency", List.of("order_count", "revenue")),
      new ComparedTable(Topics.PAYMENTS_BY_OUTCOME_1M, List.of("outcome", "window_start"), Region.WINDOW, "outcome",
          List.of("payment_count", "amount_total")));

  /** The table's name in every namespace, e.g. {@code order_payments}. */
  String name() {
    return Topics.tableName(topic);
  }

  /** The fields of the table's contract that a replay must reproduce. */
  Set<String> reproducedFields() {
    return Topics.valueSchema(topic).getFields().stream().map(Schema.Field::name)
        .filter(field -> !NOT_REPRODUCED.contains(field)).collect(Collectors.toSet());
  }
}
