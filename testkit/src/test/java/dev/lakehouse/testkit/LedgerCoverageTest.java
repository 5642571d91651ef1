package dev.lakehouse.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LedgerCoverageTest {
  private static final Map<String, Long> INPUT = Map.of("orders-0", 5L, "orders-1", 2L);

  @Test
  void rowsThatCoverEveryOffsetOnceWithBalancedCountsPass() {
    List<Map<String, Object>> rows = List.of(row(0, 3, 4, 1, 1, 0), row(0, 0, 2, 1, 0, 2), row(1, 0, 1, 0, 0, 2));

    assertThat(LedgerCoverage.problems(rows, INPUT)).isEmpty();
  }

  @Test
  void aGapAnOverlapAShortPartitionAndAnUnbalancedRowAreEachNamed() {
    List<Map<String, Object>> rows = List.of(row(0, 0, 1, 0, 0, 2), row(0, 3, 4, 0, 0, 2), row(0, 4, 4, 0, 0, 0));

    assertThat(LedgerCoverage.problems(rows, INPUT))
        .anySatisfy(p -> assertThat(p).startsWith("orders-0: a row starts at offset 3, expected 2 (offsets never counted)"))
        .anySatisfy(p -> assertThat(p).startsWith("orders-0: a row starts at offset 4, expected 5 (offsets counted twice)"))
        .anySatisfy(p -> assertThat(p).startsWith("orders-0: dead_lettered + duplicates_dropped + kept = 0, but 1 records read"))
        .anySatisfy(p -> assertThat(p).isEqualTo("orders-1: the rows cover offsets 0..-1, the partition holds 2 records"))
        .hasSize(4);
  }

  @Test
  void aRowThatReadNothingMayCarryUnknownOrdersWhichMustAddUpToTheDeadLetters() {
    Map<String, Object> unknownOnly = new HashMap<>(row(0, 3, 2, 0, 0, 0));
    unknownOnly.put("dead_lettered_unknown_order", 2L);
    Map<String, Object> later = new HashMap<>(row(0, 3, 4, 0, 0, 2));
    later.put("dead_lettered_unknown_order", 1L);
    List<Map<String, Object>> rows = List.of(later, row(0, 0, 2, 1, 0, 2), unknownOnly, row(1, 0, 1, 0, 0, 2));

    assertThat(LedgerCoverage.problems(rows, INPUT)).isEmpty();
    assertThat(LedgerCoverage.unknownOrderProblems(rows, Map.of("orders-0", 3L, "orders-1", 0L))).isEmpty();
    assertThat(LedgerCoverage.unknownOrderProblems(rows, Map.of("orders-0", 4L, "orders-1", 1L))).containsExactly(
        "orders-0: the ledger counts 3 payments dead-lettered as unknown orders, the dead letters hold 4",
        "orders-1: the ledger counts 0 payments dead-lettered as unknown orders, the dead letters hold 1");
  }

  private static Map<String, Object> row(int partition, long first, long last, long deadLettered, long duplicates,
      long kept) {
    return Map.of("source_topic", "orders", "source_partition", partition, "first_offset", first,
        "last_offset", last, "records_read", last - first + 1, "dead_lettered", deadLettered,
        "duplicates_dropped", duplicates, "kept", kept);
  }
}
