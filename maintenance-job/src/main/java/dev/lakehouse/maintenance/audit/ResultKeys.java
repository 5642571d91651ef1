package dev.lakehouse.maintenance.audit;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The columns that name one result in each table the pipeline lands (schemas' Avro contracts): the
 * input position it came from (lineage) where a row has one, the window where a row is a window's
 * result. Exactly-once means no two live rows share these values.
 */
public final class ResultKeys {
  static final List<String> LINEAGE = List.of("source_topic", "source_partition", "source_offset");
  private static final Map<String, List<String>> BY_TABLE = Map.of(
      "orders_enriched", LINEAGE,
      // one row per accepted reference version: the input record it was read from
      "customers_versions", LINEAGE,
      "merchants_versions", LINEAGE,
      "late_events", LINEAGE,
      "dead_letters", LINEAGE,
      "order_payments", LINEAGE,
      "revenue_by_merchant_1m", List.of("merchant_id", "currency", "window_start"),
      "payments_by_outcome_1m", List.of("outcome", "window_start"),
      // a ledger row's interval starts one after the last offset of the partition's previous row; a
      // row that read nothing (only later UNKNOWN_ORDER verdicts) starts where the next one does
      "pipeline_ledger", List.of("source_topic", "source_partition", "first_offset", "emitted_at"));

  private ResultKeys() {}

  /** The key columns of a landed table (by its name, any namespace), or empty for any other table. */
  public static Optional<List<String>> of(String tableName) {
    return Optional.ofNullable(BY_TABLE.get(tableName));
  }
}
