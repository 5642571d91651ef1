package dev.lakehouse.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.IndependentCheck;
import dev.lakehouse.e2e.harness.Landing;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.oracle.ExpectedTable;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.PipelineOracle;
import dev.lakehouse.e2e.oracle.TableDiff;
import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GroupCatchUp;
import dev.lakehouse.local.stack.ConnectWorkerComponent;
import dev.lakehouse.local.stack.StreamsComponent;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Kills the Connect worker three times and the Streams app three times (SIGKILL, at seeded random
 * moments while events flow), restarts each, and proves that no table lost or duplicated a row:
 * keys are event_id (orders_enriched, late_events), the window (window tables), order_id
 * (order_payments) and the input position (dead_letters). Then the independent checker
 * ({@code checker/}, Python) proves the same from the topics and tables with none of this code.
 */
class PipelineCrashIT {
  private static final long SEED = 7;
  private static final int KILLS_EACH = 3;
  private static final Duration MIN_BETWEEN_CRASHES = Duration.ofSeconds(5);

  @Test
  void killingTheWorkerAndTheStreamsAppLosesAndDuplicatesNothing() throws Exception {
    int events = Integer.getInteger("e2e.crash.events", 20_000);
    try (PipelineStack stack = PipelineStack.start("crash");
        IcebergTables tables = new IcebergTables(stack.catalogProperties());
        GroupCatchUp streamsApp = Scenarios.follow(stack);
        Generator generator = Generator.following(Scenarios.anomalyMix(stack, events, SEED).build(), streamsApp)) {
      // the generator follows the app: it waits while the app is down, so a crash never turns into skew
      CompletableFuture<Void> producing = Scenarios.produceMainInBackground(generator);
      Random random = new Random(SEED);
      List<String> crashes = crashSchedule(random);
      for (String component : crashes) {
        Thread.sleep(MIN_BETWEEN_CRASHES.toMillis() + random.nextInt(5_000));
        stack.kill(component);
        System.out.println("crash: killed " + component + " at " + Instant.now()
            + (producing.isDone() ? " (all events produced)" : " (while producing)"));
        Thread.sleep(500 + random.nextInt(1500));
        stack.restart(component);
      }
      producing.join();
      streamsApp.awaitBeforeTail();
      generator.produceTail();

      Map<OutputTable, ExpectedTable> expected = new PipelineOracle(generator.result(), Scenarios.APP)
          .expectedTables();
      Landing.awaitComplete(tables, expected, Duration.ofMinutes(5));
      PipelineVerification verification =
          new PipelineVerification(tables, expected, generator.result().manifest(), Scenarios.GRACE);
      System.out.println("crash test after " + crashes + ":" + System.lineSeparator() + verification.report());
      for (Map.Entry<OutputTable, TableDiff> diff : verification.diffs().entrySet()) {
        assertThat(diff.getValue().duplicated()).as("duplicated rows in %s", diff.getKey().tableName()).isEmpty();
        assertThat(diff.getValue().lost()).as("lost rows in %s", diff.getKey().tableName()).isEmpty();
      }
      assertThat(verification.ok()).as(verification.problems()).isTrue();
      // the same run through another implementation's eyes, sharing nothing with the oracle above
      IndependentCheck.Result check = IndependentCheck.run(stack, Duration.ofMinutes(5));
      System.out.println("independent check after the crashes:" + System.lineSeparator() + check.output());
      assertThat(check.exitCode()).as("exit code of checker/ (its report is above)").isZero();
    }
  }

  /** Three kills of each, in a seeded random order. */
  private static List<String> crashSchedule(Random random) {
    List<String> crashes = new ArrayList<>();
    for (int i = 0; i < KILLS_EACH; i++) {
      crashes.add(ConnectWorkerComponent.NAME);
      crashes.add(StreamsComponent.NAME);
    }
    Collections.shuffle(crashes, random);
    return crashes;
  }
}
