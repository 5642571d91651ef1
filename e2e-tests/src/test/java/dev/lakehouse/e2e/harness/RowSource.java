package dev.lakehouse.e2e.harness;

import dev.lakehouse.e2e.oracle.OutputTable;
import java.util.List;
import java.util.Map;

/** Where the landed rows of an output are read from: its Iceberg table, or its Kafka topic. */
public interface RowSource {
  /** How many rows are there now (cheap where possible). */
  long rowCount(OutputTable table);

  /** Every row, as column name to normalized value. */
  List<Map<String, Object>> rows(OutputTable table);
}
