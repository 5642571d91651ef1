package dev.lakehouse.e2e.harness;

import dev.lakehouse.e2e.oracle.OutputTable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.awaitility.Awaitility;

/**
 * Rows produced straight to {@code orders-enriched} (no Streams app) in batches spread over three
 * hour partitions from {@code firstHour}, each remembered as a row the table must hold exactly once.
 */
public final class EnrichedOrderBatches {
  private static final Duration SPREAD = Duration.ofHours(3);

  private final String prefix;
  private final int batchSize;
  private final Instant firstHour;
  private final Map<String, Map<String, Object>> produced = new LinkedHashMap<>();

  public EnrichedOrderBatches(String prefix, int batchSize, Instant firstHour) {
    this.prefix = prefix;
    this.batchSize = batchSize;
    this.firstHour = firstHour;
  }

  /** Produces the next batch. */
  public void produce(PipelineStack stack) {
    List<GenericRecord> rows = new ArrayList<>(batchSize);
    int first = produced.size();
    for (int i = first; i < first + batchSize; i++) {
      GenericRecord row = EnrichedOrders.row(prefix, i, firstHour.plusMillis(i * 10_799L % SPREAD.toMillis()));
      rows.add(row);
      produced.put(String.valueOf(row.get("event_id")), OutputRecords.normalized(row));
    }
    EnrichedOrders.produce(stack.bootstrapServers(), rows);
  }

  /** Every row produced so far, by event_id. */
  public Map<String, Map<String, Object>> produced() {
    return Collections.unmodifiableMap(produced);
  }

  /** Waits until the table holds at least as many rows as were produced. */
  public void awaitCommitted(IcebergTables tables, Duration timeout) {
    Awaitility.await().atMost(timeout).pollInterval(Duration.ofMillis(500)).ignoreExceptions()
        .until(() -> tables.rowCount(OutputTable.ORDERS_ENRICHED) >= produced.size());
  }
}
