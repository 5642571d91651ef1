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
import dev.lakehouse.generator.GeneratorRun;
import java.time.Duration;
import java.util.Map;

/** What the fault tests prove once a run's tail is produced: the oracle's verdict, then the independent checker's. */
final class AfterFaults {
  private static final Duration LANDING_TIMEOUT = Duration.ofMinutes(5);
  private static final Duration CHECKER_TIMEOUT = Duration.ofMinutes(5);

  private AfterFaults() {}

  /**
   * Every table complete and equal to the oracle, nothing lost or duplicated (asserted first, the
   * clearest message), the balance per input; then the checker ({@code checker/}, sharing nothing
   * with the oracle) exits 0. {@code run} names the run in the printed reports.
   */
  static void assertNothingLostOrDuplicated(PipelineStack stack, IcebergTables tables, GeneratorRun generated,
      String run) throws Exception {
    Map<OutputTable, ExpectedTable> expected = new PipelineOracle(generated, Scenarios.APP).expectedTables();
    Landing.awaitComplete(tables, expected, LANDING_TIMEOUT);
    PipelineVerification verification =
        new PipelineVerification(tables, expected, generated.manifest(), Scenarios.GRACE);
    System.out.println(run + ":" + System.lineSeparator() + verification.report());
    for (Map.Entry<OutputTable, TableDiff> diff : verification.diffs().entrySet()) {
      assertThat(diff.getValue().duplicated()).as("duplicated rows in %s", diff.getKey().tableName()).isEmpty();
      assertThat(diff.getValue().lost()).as("lost rows in %s", diff.getKey().tableName()).isEmpty();
    }
    assertThat(verification.ok()).as(verification.problems()).isTrue();
    IndependentCheck.Result check = IndependentCheck.run(stack, CHECKER_TIMEOUT);
    System.out.println("independent check, " + run + ":" + System.lineSeparator() + check.output());
    assertThat(check.exitCode()).as("exit code of checker/ (its report is above)").isZero();
  }
}
