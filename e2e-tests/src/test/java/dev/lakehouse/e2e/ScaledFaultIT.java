package dev.lakehouse.e2e;

import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorConfig;
import dev.lakehouse.generator.GroupCatchUp;
import dev.lakehouse.local.faults.Fault;
import dev.lakehouse.local.faults.FaultPlan;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Three Streams app instances and two Connect workers through a seeded fault schedule (the one
 * {@code ./lakehouse faults} runs) while the events flow: kill -9 of Streams instances three times
 * and of Connect workers twice, a rolling restart, one instance stopped for 20 s and started again,
 * a maintenance run beside the sink. Then every table equals the oracle, and the independent
 * checker ({@code checker/}) finds nothing lost and nothing duplicated.
 */
class ScaledFaultIT {
  private static final long SEED = 12;
  private static final FaultPlan.Counts FAULTS = new FaultPlan.Counts(3, 2, 1, 1, 1, 0);

  @Test
  void threeInstancesAndTwoWorkersLoseAndDuplicateNothingThroughTheFaults() throws Exception {
    int events = Integer.getInteger("e2e.scaled.events", 50_000);
    List<Fault> faults = FaultPlan.seeded(SEED, FAULTS, 3, 2, Duration.ofSeconds(4), Duration.ofSeconds(12));
    try (PipelineStack stack = PipelineStack.startScaled("scaled-faults", 3, 2);
        IcebergTables tables = new IcebergTables(stack.catalogProperties());
        GroupCatchUp streamsApp = Scenarios.follow(stack);
        // paced so that the main phase lasts about as long as the fault schedule (about 3 minutes), with the
        // event time of unpaced runs (from the minute 3 h ago, the default events per minute: windows across
        // the whole run, and a tail that stays behind now)
        Generator generator = Generator.following(Scenarios.anomalyMix(stack, events, SEED)
            .rate(events / 150.0).eventsPerMinute(GeneratorConfig.DEFAULT_EVENTS_PER_MINUTE)
            .startTime(Instant.now().minus(Duration.ofHours(3)).truncatedTo(ChronoUnit.MINUTES)).build(), streamsApp)) {
      CompletableFuture<Void> producing = Scenarios.produceMainInBackground(generator);
      stack.runFaults(faults);
      System.out.println("faults done " + (producing.isDone() ? "after the main phase" : "while producing"));
      producing.join();
      streamsApp.awaitBeforeTail();
      generator.produceTail();

      AfterFaults.assertNothingLostOrDuplicated(stack, tables, generator.result(),
          "scaled fault test, " + events + " events");
    }
  }
}
