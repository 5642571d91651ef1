package dev.lakehouse.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.IndependentCheck;
import dev.lakehouse.e2e.harness.Landing;
import dev.lakehouse.e2e.harness.MaintenanceJobRun;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.oracle.ExpectedTable;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.PipelineOracle;
import dev.lakehouse.e2e.oracle.TableDiff;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.LedgerCoverage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a faulted run's output is judged by once its tail is produced: the oracle's verdict, the
 * landed ledger's coverage of the input, {@code maintenance-job audit}, then the independent
 * checker's verdict in strict mode.
 */
final class AfterFaults {
  private static final Duration LANDING_TIMEOUT = Duration.ofMinutes(5);
  private static final Duration CHECKER_TIMEOUT = Duration.ofMinutes(5);
  private static final Duration LEDGER_TIMEOUT = Duration.ofMinutes(2);
  private static final Pattern ORDERS_AS_COUNTED = Pattern.compile("orders_enriched .* (\\d+) of \\1 +ok");

  /** The four verdicts, with the oracle's counts over all tables. */
  record Verdict(PipelineVerification oracle, List<String> ledgerProblems, MaintenanceJobRun.Result audit,
      IndependentCheck.Result checker) {
    long lostRows() {
      return oracle.diffs().values().stream().mapToLong(diff -> diff.lost().size()).sum();
    }

    long duplicatedRows() {
      return oracle.diffs().values().stream().mapToLong(diff -> diff.duplicated().size()).sum();
    }

    boolean auditPassed() {
      return audit.exitCode() == 0 && audit.log().contains("Audit passed") && ORDERS_AS_COUNTED.matcher(audit.log()).find();
    }

    boolean ok() {
      return oracle.ok() && ledgerProblems.isEmpty() && auditPassed() && checker.exitCode() == 0;
    }
  }

  private AfterFaults() {}

  /**
   * Every table complete and equal to the oracle, nothing lost or duplicated (asserted first, the
   * clearest message), the balance per input; then the ledger's coverage, the audit, and the checker
   * ({@code checker/}, sharing nothing with the oracle) in strict mode exits 0. {@code run} names the
   * run in the printed reports.
   */
  static void assertNothingLostOrDuplicated(PipelineStack stack, IcebergTables tables, GeneratorRun generated,
      String run) throws Exception {
    PipelineVerification verification = verifyWithOracle(tables, generated, run, LANDING_TIMEOUT);
    for (Map.Entry<OutputTable, TableDiff> diff : verification.diffs().entrySet()) {
      assertThat(diff.getValue().duplicated()).as("duplicated rows in %s", diff.getKey().tableName()).isEmpty();
      assertThat(diff.getValue().lost()).as("lost rows in %s", diff.getKey().tableName()).isEmpty();
    }
    assertThat(verification.ok()).as(verification.problems()).isTrue();
    assertThat(ledgerProblems(tables, generated)).as("what %s says about the input after %s",
        Topics.tableName(Topics.PIPELINE_LEDGER), LEDGER_TIMEOUT).isEmpty();
    MaintenanceJobRun.Result audit = audit(stack);
    assertThat(audit.exitCode()).as("exit code of maintenance-job audit (its output is above)").isZero();
    assertThat(audit.log()).contains("Audit passed").containsPattern(ORDERS_AS_COUNTED);
    IndependentCheck.Result check = check(stack, run, CHECKER_TIMEOUT);
    assertThat(check.exitCode()).as("exit code of checker/ --strict (its report is above)").isZero();
  }

  /**
   * Every verdict without asserting, for runs that report rather than fail (the soak). The checker
   * runs first, waiting itself for the tail to land (up to {@code landingTimeout}), while this JVM
   * holds least: at a million records the oracle's tables here (about 6 GB) and the checker's copy of
   * the topics did not fit beside each other on the shared machine (the OOM killer stopped one). It
   * may spend all of {@code checkerTimeout} reading the topics (its 60 s default ran out there).
   */
  static Verdict judge(PipelineStack stack, IcebergTables tables, GeneratorRun generated, String run,
      Duration landingTimeout, Duration checkerTimeout) throws Exception {
    IndependentCheck.Result checker = check(stack, run, landingTimeout.plus(checkerTimeout),
        "--settle-timeout", landingTimeout.toSeconds() + "s", "--kafka-timeout", checkerTimeout.toSeconds() + "s");
    PipelineVerification verification = verifyWithOracle(tables, generated, run, landingTimeout);
    return new Verdict(verification, ledgerProblems(tables, generated), audit(stack), checker);
  }

  /**
   * What the landed {@code pipeline_ledger} gets wrong about the input (empty: it counts every orders and
   * payments record once, per partition, against what the generator produced); its last rows come up
   * to a ledger interval and a sink commit after the outputs, so it waits for them.
   */
  private static List<String> ledgerProblems(IcebergTables tables, GeneratorRun generated) throws InterruptedException {
    Map<String, Long> input = generated.records().stream()
        .filter(r -> r.topic().equals(Topics.ORDERS) || r.topic().equals(Topics.PAYMENTS))
        .collect(Collectors.groupingBy(r -> LedgerCoverage.partition(r.topic(), r.partition()), Collectors.counting()));
    String table = Topics.tableName(Topics.PIPELINE_LEDGER);
    long deadline = System.nanoTime() + LEDGER_TIMEOUT.toNanos();
    List<String> problems = LedgerCoverage.problems(tables.rows(table), input);
    while (!problems.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(5_000);
      problems = LedgerCoverage.problems(tables.rows(table), input);
    }
    problems.forEach(problem -> System.out.println("ledger: " + problem));
    return problems;
  }

  /**
   * {@code maintenance-job audit} on the landed tables, once the ledger landed whole ({@code --settle
   * 0s}): no file or result twice, and every table's rows per input partition equal the ledger's counts.
   */
  private static MaintenanceJobRun.Result audit(PipelineStack stack) throws Exception {
    MaintenanceJobRun.Result audit = MaintenanceJobRun.command(stack, "audit", "--settle", "0s");
    System.out.println("audit:" + System.lineSeparator() + audit.log());
    return audit;
  }

  private static PipelineVerification verifyWithOracle(IcebergTables tables, GeneratorRun generated, String run,
      Duration landingTimeout) {
    Map<OutputTable, ExpectedTable> expected = new PipelineOracle(generated, Scenarios.APP).expectedTables();
    Landing.awaitComplete(tables, expected, landingTimeout);
    PipelineVerification verification =
        new PipelineVerification(tables, expected, generated.manifest(), Scenarios.GRACE);
    System.out.println(run + ":" + System.lineSeparator() + verification.report());
    return verification;
  }

  /** The checker in strict mode: a classification it cannot confirm or a re-admitted event fails too. */
  private static IndependentCheck.Result check(PipelineStack stack, String run, Duration timeout, String... options)
      throws Exception {
    List<String> arguments = new ArrayList<>(List.of("--strict"));
    arguments.addAll(List.of(options));
    IndependentCheck.Result check = IndependentCheck.run(stack, timeout, arguments.toArray(String[]::new));
    System.out.println("independent check, " + run + ":" + System.lineSeparator() + check.output());
    return check;
  }
}
