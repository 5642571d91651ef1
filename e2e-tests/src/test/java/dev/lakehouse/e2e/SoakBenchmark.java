package dev.lakehouse.e2e;

import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.local.faults.Fault;
import dev.lakehouse.local.faults.FaultPlan;
import java.time.Duration;
import java.util.List;

/**
 * The soak: {@link ScaledFaultIT}'s scenario (3 Streams instances, 2 Connect workers, the same
 * anomaly mix and seeded fault kinds) at a million events with ten times the faults: 10 kill -9 of
 * Streams instances and of Connect workers, 10 maintenance runs, a broker restart, a rolling
 * restart and a scale-down and up. Prints the oracle's lost and duplicated rows over the six
 * tables, the independent checker's verdict and the run time; exits 1 when either finds a
 * difference. A benchmark, not a test: it lives beside the ITs for their package-private harness.
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

  /** Returns whether the oracle and the checker found every table right. */
  private static boolean run() throws Exception {
    int events = Integer.getInteger("bench.events", 1_000_000);
    long seed = Long.getLong("bench.seed", 21);
    List<Fault> faults = FaultPlan.seeded(seed, FAULTS, 3, 2, Duration.ofSeconds(5), Duration.ofSeconds(20));
    // the main phase lasts about as long as the schedule: faults keep hitting while events flow
    Duration mainPhase = faults.stream().map(Fault::pauseBefore).reduce(Duration.ZERO, Duration::plus)
        .plusSeconds(10L * faults.size());
    System.out.printf("soak: %,d events over about %d s, %d faults:%n", events, mainPhase.toSeconds(), faults.size());
    faults.forEach(fault -> System.out.println("  " + fault.describe()));
    long startNanos = System.nanoTime();
    AfterFaults.Verdict verdict;
    long producedNanos;
    try (PipelineStack stack = PipelineStack.startScaled("soak", 3, 2);
        IcebergTables tables = new IcebergTables(stack.catalogProperties())) {
      GeneratorRun generated = FaultedRun.produceThroughFaults(stack, FaultedRun.paced(stack, events, seed, mainPhase), faults);
      producedNanos = System.nanoTime() - startNanos;
      verdict = AfterFaults.judge(stack, tables, generated, "soak, " + events + " events",
          Duration.ofMinutes(20), Duration.ofMinutes(30));
    }
    Duration runTime = Duration.ofNanos(System.nanoTime() - startNanos);
    System.out.printf("soak events: %d%n", events);
    System.out.printf("soak lost: %d%n", verdict.lostRows());
    System.out.printf("soak duplicated: %d%n", verdict.duplicatedRows());
    System.out.printf("soak oracle: %s%n", verdict.oracle().ok() ? "every table equal" : "DIFFERENCES (above)");
    System.out.printf("soak checker exit: %d%n", verdict.checker().exitCode());
    System.out.printf("soak run time: %d s (producing through the faults: %d s; planned main phase: %d s)%n",
        runTime.toSeconds(), Duration.ofNanos(producedNanos).toSeconds(), mainPhase.toSeconds());
    return verdict.oracle().ok() && verdict.checker().exitCode() == 0;
  }
}
