package dev.lakehouse.testkit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Checks {@code pipeline-ledger} rows (topic records or table rows, as column name to value)
 * against an independent count of the input: for every input partition, its rows cover offsets
 * 0 to the last one once each, without gaps or overlaps, add up to the records the partition holds,
 * and in each row every record read has one fate; and the payments dead-lettered later as unknown
 * orders add up to the dead letters of each payments partition. A row may read nothing (offsets
 * {@code n+1..n}) when it only carries such later verdicts.
 */
public final class LedgerCoverage {
  private LedgerCoverage() {}

  /** The name of an input partition in {@code recordsPerPartition}: {@code <topic>-<partition>}. */
  public static String partition(String topic, int partition) {
    return topic + "-" + partition;
  }

  /**
   * What is wrong, one line per problem; empty when the rows cover exactly the given input.
   *
   * @param recordsPerPartition records produced to each input partition (offsets 0 to n - 1), by {@link #partition}
   */
  public static List<String> problems(List<Map<String, Object>> rows, Map<String, Long> recordsPerPartition) {
    Map<String, List<Map<String, Object>>> byPartition = new TreeMap<>();
    for (Map<String, Object> row : rows) {
      String name = partition(String.valueOf(row.get("source_topic")), (int) number(row, "source_partition"));
      byPartition.computeIfAbsent(name, k -> new ArrayList<>()).add(row);
    }
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, Long> input : new TreeMap<>(recordsPerPartition).entrySet()) {
      List<Map<String, Object>> ofPartition = new ArrayList<>(byPartition.getOrDefault(input.getKey(), List.of()));
      // a row that read nothing (n+1..n) goes before the one that reads on from n+1
      ofPartition.sort(Comparator.<Map<String, Object>>comparingLong(row -> number(row, "first_offset"))
          .thenComparingLong(row -> number(row, "last_offset")));
      long next = 0;
      for (Map<String, Object> row : ofPartition) {
        long first = number(row, "first_offset");
        long last = number(row, "last_offset");
        long read = number(row, "records_read");
        if (first != next) {
          problems.add(input.getKey() + ": a row starts at offset " + first + ", expected " + next
              + (first < next ? " (offsets counted twice)" : " (offsets never counted)") + ": " + row);
        }
        if (read != last - first + 1) {
          problems.add(input.getKey() + ": " + read + " records read in offsets " + first + ".." + last + ": " + row);
        }
        long fates = number(row, "dead_lettered") + number(row, "duplicates_dropped") + number(row, "kept");
        if (fates != read) {
          problems.add(input.getKey() + ": dead_lettered + duplicates_dropped + kept = " + fates + ", but "
              + read + " records read: " + row);
        }
        next = last + 1;
      }
      if (next != input.getValue()) {
        problems.add(input.getKey() + ": the rows cover offsets 0.." + (next - 1) + ", the partition holds "
            + input.getValue() + " records");
      }
    }
    return problems;
  }

  /**
   * What is wrong with the ledger's count of the payments dead-lettered as unknown orders, per
   * payments partition; empty when each partition's rows add up to its dead letters.
   *
   * @param unknownOrdersPerPartition UNKNOWN_ORDER dead letters per payments partition, by {@link #partition}
   */
  public static List<String> unknownOrderProblems(List<Map<String, Object>> rows,
      Map<String, Long> unknownOrdersPerPartition) {
    Map<String, Long> counted = new TreeMap<>();
    for (Map<String, Object> row : rows) {
      Object unknown = row.get("dead_lettered_unknown_order");
      if (unknown != null) {
        String name = partition(String.valueOf(row.get("source_topic")), (int) number(row, "source_partition"));
        counted.merge(name, ((Number) unknown).longValue(), Long::sum);
      }
    }
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, Long> deadLetters : new TreeMap<>(unknownOrdersPerPartition).entrySet()) {
      long inLedger = counted.getOrDefault(deadLetters.getKey(), 0L);
      if (inLedger != deadLetters.getValue()) {
        problems.add(deadLetters.getKey() + ": the ledger counts " + inLedger + " payments dead-lettered as unknown "
            + "orders, the dead letters hold " + deadLetters.getValue());
      }
    }
    return problems;
  }

  private static long number(Map<String, Object> row, String column) {
    return ((Number) row.get(column)).longValue();
  }
}
