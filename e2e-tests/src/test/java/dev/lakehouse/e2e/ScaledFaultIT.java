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
 * Three Streams app instances and two Connect workers through a seeded fault schedule (the one
 * {@code ./lakehouse faults} runs) while the events flow: kill -9 of Streams instances three times
 * and of Connect workers twice, a rolling restart, one instance stopped for 20 s and started again,
 * a maintenance run beside the sink, and a restart of the broker (the services JVM) under the
 * running clients. Then every table equals the oracle, and the independent checker
 * ({@code checker/}) finds nothing lost and nothing duplicated. {@link SoakBenchmark} runs the same
 * at a million events.
 */
class ScaledFaultIT {
  private static final long SEED = 12;
  private static final FaultPlan.Counts FAULTS = new FaultPlan.Counts(3, 2, 1, 1, 1, 1);

  @Test
  void threeInstancesAndTwoWorkersLoseAndDuplicateNothingThroughTheFaults() throws Exception {
    IndependentCheck.require();
    int events = Integer.getInteger("e2e.scaled.events", 50_000);
    List<Fault> faults = FaultPlan.seeded(SEED, FAULTS, 3, 2, Duration.ofSeconds(4), Duration.ofSeconds(12));
    try (PipelineStack stack = PipelineStack.startScaled("scaled-faults", 3, 2);
        IcebergTables tables = new IcebergTables(stack.catalogProperties())) {
      // paced so that the main phase lasts about as long as the fault schedule (about 3 minutes)
      GeneratorRun generated = FaultedRun.produceThroughFaults(stack,
          FaultedRun.paced(stack, events, SEED, Duration.ofSeconds(150)), faults);
      AfterFaults.assertNothingLostOrDuplicated(stack, tables, generated, "scaled fault test, " + events + " events");
    }
  }
}
