package dev.lakehouse.e2e.oracle;

import java.util.Map;

/**
 * What one table must hold: {@code rows} exactly (by key), plus {@code optional} rows that may or
 * may not have landed yet (the tail, held back by stream-time buffers) but must be right if they did.
 */
public record ExpectedTable(OutputTable table, Map<String, Map<String, Object>> rows,
    Map<String, Map<String, Object>> optional) {}
