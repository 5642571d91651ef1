package dev.lakehouse.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.Landing;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.oracle.ExpectedTable;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.PipelineOracle;
import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.generator.GroupCatchUp;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The whole pipeline on the local stack: generated input with out-of-order, late, duplicate and
 * malformed events, through the Streams app and the Iceberg sink, read back from every Iceberg
 * table and compared with the oracle.
 */
class PipelineEndToEndIT {
  @Test
  void everyIcebergTableMatchesTheOracle() throws Exception {
    int events = Integer.getInteger("e2e.events", 100_000);
    long startNanos = System.nanoTime();
    try (PipelineStack stack = PipelineStack.start("end-to-end");
        IcebergTables tables = new IcebergTables(stack.catalogProperties());
        GroupCatchUp streamsApp = Scenarios.follow(stack)) {
      long upNanos = System.nanoTime();
      GeneratorRun run = Generator.runFollowing(Scenarios.anomalyMix(stack, events, 20261129).build(), streamsApp);
      long producedNanos = System.nanoTime();

      Map<OutputTable, ExpectedTable> expected = new PipelineOracle(run, Scenarios.APP).expectedTables();
      Landing.awaitComplete(tables, expected, Duration.ofMinutes(5));
      long landedNanos = System.nanoTime();
      PipelineVerification verification = new PipelineVerification(tables, expected, run.manifest(), Scenarios.GRACE);

      System.out.printf("end-to-end: %d events (%d records with reference data and tail); stack up %.0f s, "
              + "produced and consumed by the Streams app %.0f s, landed %.0f s after%n%s%n",
          events, run.records().size(), seconds(startNanos, upNanos), seconds(upNanos, producedNanos),
          seconds(producedNanos, landedNanos), verification.report());
      assertThat(verification.ok()).as(verification.problems()).isTrue();
    }
  }

  static double seconds(long fromNanos, long toNanos) {
    return (toNanos - fromNanos) / 1e9;
  }
}
