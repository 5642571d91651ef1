package dev.lakehouse.e2e;

import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.IndependentCheck;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.local.faults.Fault;
import dev.lakehouse.local.faults.FaultPlan;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Kills the Connect worker three times and the Streams app three times (SIGKILL, at seeded random
 * moments while events flow: the schedule of {@code ./lakehouse faults}), restarts each, and proves
 * that no table lost or duplicated a row: keys are event_id (orders_enriched, late_events), the
 * window (window tables), order_id (order_payments) and the input position (dead_letters). Then the
 * independent checker ({@code checker/}, Python) proves the same from the topics and tables with
 * none of this code.
 */
class PipelineCrashIT {
  private static final long SEED = 7;
  private static final FaultPlan.Counts KILLS = new FaultPlan.Counts(3, 3, 0, 0, 0, 0);

  @Test
  void killingTheWorkerAndTheStreamsAppLosesAndDuplicatesNothing() throws Exception {
    IndependentCheck.require();
    int events = Integer.getInteger("e2e.crash.events", 20_000);
    List<Fault> crashes = FaultPlan.seeded(SEED, KILLS, 1, 1, Duration.ofSeconds(5), Duration.ofSeconds(10));
    try (PipelineStack stack = PipelineStack.start("crash");
        IcebergTables tables = new IcebergTables(stack.catalogProperties())) {
      GeneratorRun generated = FaultedRun.produceThroughFaults(stack, Scenarios.anomalyMix(stack, events, SEED).build(), crashes);

      AfterFaults.assertNothingLostOrDuplicated(stack, tables, generated,
          "crash test after " + crashes.stream().map(Fault::describe).toList());
    }
  }
}
