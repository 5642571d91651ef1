package dev.lakehouse.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.IndependentCheck;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.harness.TableSurgery;
import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GroupCatchUp;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * The independent checker ({@code checker/}) proven to fail: one pipeline run lands its tables, the
 * checker in strict mode passes on them untouched, then each fault of {@link LandedTableFaults} is
 * done to the landed tables in turn (a row deleted by a file rewrite, a data file registered twice, a
 * valid order re-labelled as a dead letter, a window total changed, a late event moved into its
 * window) and undone (the tables rolled back to their snapshots): for each, the checker exits 1 and
 * names the kind of break, the table, the row's partition and offset and its key.
 */
class CheckerCorruptionIT {
  /** 16 minutes of event time: enough for events beyond grace (they start 8 minutes in), so late_events has rows. */
  private static final int EVENTS = 8_000;
  private static final int EVENTS_PER_MINUTE = 500;
  private static final long SEED = 20261206;
  private static final Duration CHECK_TIMEOUT = Duration.ofMinutes(4);

  @Test
  void theCheckerNamesEveryCorruptionOfTheLandedTablesAndPassesThemUntouched() throws Exception {
    IndependentCheck.require();
    try (PipelineStack stack = PipelineStack.start("checker-corruption");
        IcebergTables tables = new IcebergTables(stack.catalogProperties());
        GroupCatchUp streamsApp = Scenarios.follow(stack)) {
      Generator.runFollowing(Scenarios.anomalyMix(stack, EVENTS, SEED).eventsPerMinute(EVENTS_PER_MINUTE).build(), streamsApp);
      // the default settle: the checker waits for the tail to land
      IndependentCheck.Result untouched = IndependentCheck.run(stack, CHECK_TIMEOUT, "--strict");
      System.out.println("independent check, untouched tables:" + System.lineSeparator() + untouched.output());
      assertThat(untouched.exitCode()).as("exit code of the checker on the untouched tables (its report is above)").isZero();

      LandedTableFaults faults = new LandedTableFaults(tables);
      Map<String, Supplier<List<String>>> each = new LinkedHashMap<>();
      each.put("a row deleted", faults::rowDeleted);
      each.put("a data file appended twice", faults::dataFileAppendedTwice);
      each.put("a valid order re-labelled as a dead letter", faults::validOrderRelabelledAsDeadLetter);
      each.put("a window total changed", faults::windowTotalChanged);
      each.put("a late event moved into its window", faults::lateEventMovedIntoItsWindow);
      SoftAssertions softly = new SoftAssertions();
      for (Map.Entry<String, Supplier<List<String>>> fault : each.entrySet()) {
        Map<TableSurgery, Long> before = new LinkedHashMap<>();
        faults.tables().forEach(table -> before.put(table, table.snapshotId()));
        List<String> named = fault.getValue().get();
        IndependentCheck.Result check = IndependentCheck.run(stack, CHECK_TIMEOUT, "--strict", "--settle-timeout", "0s", "--details", "50");
        before.forEach(TableSurgery::restore);
        System.out.println("independent check, " + fault.getKey() + ":" + System.lineSeparator() + check.output());
        softly.assertThat(check.exitCode()).as("exit code of the checker after %s", fault.getKey()).isEqualTo(1);
        softly.assertThat(check.output()).as("the checker's report after %s", fault.getKey()).contains(named);
      }
      softly.assertAll();
    }
  }
}
