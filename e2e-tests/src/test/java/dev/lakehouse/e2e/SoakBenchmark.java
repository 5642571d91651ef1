package dev.lakehouse.e2e;

import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.IndependentCheck;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.local.faults.Fault;
import dev.lakehouse.local.faults.FaultPlan;
import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import java.util.List;

/**
 * The soak: {@link ScaledFaultIT}'s scenario (3 Streams instances, 2 Connect workers, the same
 * anomaly mix and seeded fault kinds) at a million input records with ten times the faults: 10 kill -9 of
 * Streams instances and of Connect workers, 10 maintenance runs, a broker restart, a rolling
 * restart and a scale-down and up. Judged as the fault tests judge their runs ({@link AfterFaults}):
 * the oracle's lost and duplicated rows over the six tables, the landed ledger's coverage of the
 * input, {@code maintenance-job audit}, the independent checker in strict mode. Prints what it
 * measured (records produced, rows landed) and the run time; exits 1 when any verdict fails. A
 * benchmark, not a test: it lives beside the ITs for their package-private harness.
 *
 * <p>Run: {@code e2e-tests/bench/soak.sh} (system properties bench.events, bench.seed).
 */
public final class SoakBenchmark {
  private static final FaultPlan.Counts FAULTS = new FaultPlan.Counts(10, 10, 1, 1, 10, 1);

  private SoakBenchmark() {}

  public static void main(String[] args) {
    try {
      System.exit(run() ? 0 : 1);
    } catch (Throwable e) {
      // exit at once: the generator's thread would otherwise keep the JVM waiting for the stopped broker
      e.printStackTrace();
      System.out.println("soak FAILED: " + e);
      System.exit(1);
    }
  }

  /** Returns whether every verdict found the tables right. */
  private static boolean run() throws Exception {
    // a million input records at least: of the events, reference updates (0.2 %) go to customers and
    // merchants, and the tail adds some (1,000,000 events gave 999,752 records on orders and payments)
    int events = Integer.getInteger("bench.events", 1_005_000);
    long seed = Long.getLong("bench.seed", 21);
    IndependentCheck.require();
    List<Fault> faults = FaultPlan.seeded(seed, FAULTS, 3, 2, Duration.ofSeconds(5), Duration.ofSeconds(20));
    // the main phase lasts about as long as the schedule: faults keep hitting while events flow
    Duration mainPhase = faults.stream().map(Fault::pauseBefore).reduce(Duration.ZERO, Duration::plus)
        .plusSeconds(10L * faults.size());
    System.out.printf("soak: %,d events requested over about %d s, %d faults:%n", events, mainPhase.toSeconds(), faults.size());
    faults.forEach(fault -> System.out.println("  " + fault.describe()));
    long startNanos = System.nanoTime();
    AfterFaults.Verdict verdict;
    long producedNanos;
    long produced;
    long ledgerCounted;
    try (PipelineStack stack = PipelineStack.startScaled("soak", 3, 2);
        IcebergTables tables = new IcebergTables(stack.catalogProperties())) {
      GeneratorRun generated = FaultedRun.produceThroughFaults(stack, FaultedRun.paced(stack, events, seed, mainPhase), faults);
      producedNanos = System.nanoTime() - startNanos;
      produced = generated.records().stream().filter(r -> isInput(r.topic())).count();
      verdict = AfterFaults.judge(stack, tables, generated, "soak, " + events + " events",
          Duration.ofMinutes(20), Duration.ofMinutes(30));
      ledgerCounted = tables.rows(Topics.tableName(Topics.PIPELINE_LEDGER)).stream()
          .filter(row -> isInput(String.valueOf(row.get("source_topic"))))
          .mapToLong(row -> ((Number) row.get("records_read")).longValue()).sum();
    }
    Duration runTime = Duration.ofNanos(System.nanoTime() - startNanos);
    System.out.printf("soak produced: %d (records on orders and payments the broker acknowledged, the tail's included)%n", produced);
    System.out.printf("soak landed: %d (rows in the six output tables)%n", verdict.oracle().rows());
    System.out.printf("soak lost: %d (rows the oracle expects that no table holds)%n", verdict.lostRows());
    System.out.printf("soak duplicated: %d (rows a table holds more than once)%n", verdict.duplicatedRows());
    System.out.printf("soak oracle: %s%n", verdict.oracle().ok() ? "every table equal" : "DIFFERENCES (above)");
    System.out.printf("soak ledger: %d input records counted by the landed pipeline_ledger, %d coverage problems%n",
        ledgerCounted, verdict.ledgerProblems().size());
    System.out.printf("soak audit exit: %d (%s)%n", verdict.audit().exitCode(),
        verdict.auditPassed() ? "Audit passed, orders_enriched as the ledger counts it" : "BROKEN (above)");
    System.out.printf("soak checker --strict exit: %d%n", verdict.checker().exitCode());
    System.out.printf("soak verdict: %s%n", verdict.ok() ? "PASS" : "FAIL");
    System.out.printf("soak run time: %d s (producing through the faults: %d s; planned main phase: %d s)%n",
        runTime.toSeconds(), Duration.ofNanos(producedNanos).toSeconds(), mainPhase.toSeconds());
    return verdict.ok();
  }

  private static boolean isInput(String topic) {
    return topic.equals(Topics.ORDERS) || topic.equals(Topics.PAYMENTS);
  }
}
