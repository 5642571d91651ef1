package dev.lakehouse.e2e.harness;

import org.awaitility.Awaitility;

import dev.lakehouse.e2e.oracle.ExpectedTable;
import dev.lakehouse.e2e.oracle.OutputTable;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Waits until every table has committed at least the rows the oracle expects and then stayed
 * unchanged for a while (so that late duplicates would have landed too). A timeout is not a
 * failure here: the table comparison that follows says precisely what is missing.
 */
public final class Landing {
  private static final Duration QUIET = Duration.ofSeconds(20);

  private final RowSource tables;
  private final Map<OutputTable, ExpectedTable> expected;
  private final Map<OutputTable, Long> lastCounts = new EnumMap<>(OutputTable.class);
  private long lastChangeNanos = System.nanoTime();

  private Landing(RowSource tables, Map<OutputTable, ExpectedTable> expected) {
    this.tables = tables;
    this.expected = expected;
  }

  /** Returns true when the tables were complete and quiet within {@code timeout}. */
  public static boolean awaitComplete(RowSource tables, Map<OutputTable, ExpectedTable> expected, Duration timeout) {
    Landing landing = new Landing(tables, expected);
    try {
      Awaitility.await().atMost(timeout).pollInterval(Duration.ofSeconds(2)).ignoreExceptions().until(landing::completeAndQuiet);
      return true;
    } catch (ConditionTimeoutException e) {
      System.out.println("Tables not complete after " + timeout + ": " + landing.lastCounts);
      return false;
    }
  }

  /**
   * Waits until {@code table} holds every record of its topic (read_committed), once whatever writes
   * the topic is done: a count that the quiet period above cannot promise when the pipeline stalls
   * for longer than it. Fails naming both counts when the table does not get there in time.
   */
  public static void awaitWholeTopic(RowSource tables, RowSource topics, OutputTable table, Duration timeout) {
    long onTopic = topics.rowCount(table);
    try {
      Awaitility.await().atMost(timeout).pollInterval(Duration.ofSeconds(2)).ignoreExceptions()
          .until(() -> tables.rowCount(table) >= onTopic);
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(table.tableName() + " holds " + tables.rowCount(table) + " rows after " + timeout
          + ", its topic " + onTopic + " records", e);
    }
  }

  private boolean completeAndQuiet() {
    boolean complete = true;
    for (Map.Entry<OutputTable, ExpectedTable> table : expected.entrySet()) {
      long count = tables.rowCount(table.getKey());
      Long previous = lastCounts.put(table.getKey(), count);
      if (previous == null || previous != count) {
        lastChangeNanos = System.nanoTime();
      }
      complete &= count >= table.getValue().rows().size();
    }
    return complete && System.nanoTime() - lastChangeNanos >= QUIET.toNanos();
  }
}
