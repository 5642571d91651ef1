package dev.lakehouse.e2e.bench;

import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.harness.ProjectVenv;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.generator.EventClass;
import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorConfig;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.generator.ProducedRecord;
import dev.lakehouse.generator.TailGate;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * End-to-end freshness of the operations serving views ({@code ops_current_hour} and
 * {@code ops_orders_per_minute} count the orders of {@code ops_orders_this_hour}): order event
 * produced -> counted in the view, through the whole pipeline (generator -> Kafka -> Streams app ->
 * Iceberg sink -> orders_enriched -> the views, which read the landed events), with
 * {@code dbt/bin/schedule.py} running the marts beside them as in production, under a steady load
 * with event time following the clock. Baseline from the same run and orders: produced -> landed in
 * orders_enriched (commit time of the first snapshot holding the event). Goal: serving view p99 <= 15 s
 * at 500 events/s. Orders of the last {@code bench.holdback-seconds} are left out: without later
 * events, the enrichment joins hold them. The machine's load average at the start and the end is
 * printed beside the figures: a latency taken while others load the machine says so.
 *
 * <p>Run: {@code e2e-tests/bench/ops-freshness.sh} (system properties bench.rate, bench.seconds,
 * bench.interval-seconds).
 */
public final class OpsFreshnessBenchmark {
  private static final String SCHEMA = "ops_bench";

  private OpsFreshnessBenchmark() {}

  public static void main(String[] args) throws Exception {
    double rate = Double.parseDouble(System.getProperty("bench.rate", "20"));
    int seconds = Integer.getInteger("bench.seconds", 180);
    String interval = System.getProperty("bench.interval-seconds", "15");
    long holdBackMillis = Integer.getInteger("bench.holdback-seconds", 60) * 1000L;
    Path repo = RepoDir.get();
    String loadAtStart = loadAverage();
    try (PipelineStack stack = PipelineStack.startForTrino("bench-ops-freshness");
        IcebergTables tables = new IcebergTables(stack.catalogProperties())) {
      stack.startTrino().join();
      Path work = Files.createDirectories(stack.config().dataDir().resolve("ops-bench"));
      run(venv(stack, "dbt", "run", "--target", "local", "--no-use-colors").redirectErrorStream(true)
          .redirectOutput(work.resolve("dbt-first-run.log").toFile()));
      Process schedule = venv(stack, "python", repo.resolve("dbt/bin/schedule.py").toString(), "--interval", interval)
          .redirectErrorStream(true).redirectOutput(work.resolve("schedule.log").toFile()).start();
      Path seen = work.resolve("seen.txt");
      Process watcher = venv(stack, "python", repo.resolve("dbt/integration/ops_visibility.py").toString(),
          "--port", Integer.toString(stack.trinoPort()), "--schema", SCHEMA)
          .redirectOutput(seen.toFile()).redirectError(work.resolve("watcher.log").toFile()).start();
      try {
        GeneratorRun run = Generator.run(SteadyLoad.config(stack.bootstrapServers(), rate, seconds), TailGate.NONE);
        long cutoff = run.records().get(run.records().size() - 1).sendTimeMillis() - holdBackMillis;
        Map<String, ProducedRecord> placed = placedOrders(run, cutoff);
        awaitSeen(seen, placed.size(), Duration.ofMinutes(3));
        Map<String, Long> landed = SnapshotArrivals.of(tables.load(OutputTable.ORDERS_ENRICHED), "event_id");
        report(rate, seconds, interval, placed, readSeen(seen), landed);
        System.out.println("load average (1, 5, 15 min) at the start: " + loadAtStart + "; at the end: " + loadAverage());
      } finally {
        watcher.destroy();
        schedule.destroy();
      }
    }
  }

  private static ProcessBuilder venv(PipelineStack stack, String executable, String... args) {
    ProcessBuilder builder = ProjectVenv.inDbtProject(stack.trinoPort(), executable, args);
    builder.environment().put("DBT_SCHEMA", SCHEMA);
    return builder;
  }

  private static void run(ProcessBuilder command) throws IOException, InterruptedException {
    int exit = command.start().waitFor();
    if (exit != 0) {
      throw new IllegalStateException("Cannot build the dbt models: " + command.command() + " exited with " + exit
          + "; see " + command.redirectOutput().file());
    }
  }

  /** order_id -> its PLACED event, as produced, for the orders sent up to {@code cutoff}. */
  private static Map<String, ProducedRecord> placedOrders(GeneratorRun run, long cutoff) {
    Map<String, ProducedRecord> placed = new HashMap<>();
    for (ProducedRecord r : run.records()) {
      if (r.topic().equals(Topics.ORDERS) && r.eventClass() == EventClass.VALID && r.sendTimeMillis() <= cutoff
          && GeneratorConfig.PLACED.equals(String.valueOf(r.planned().value().get("status")))) {
        placed.put(String.valueOf(r.planned().value().get("order_id")), r);
      }
    }
    return placed;
  }

  private static void awaitSeen(Path seen, int orders, Duration timeout) throws IOException {
    try {
      Awaitility.await().atMost(timeout).pollInterval(Duration.ofSeconds(2))
          .until(() -> readSeen(seen).size() >= orders);
    } catch (ConditionTimeoutException e) {
      System.out.println("ops_current_hour: " + readSeen(seen).size() + " of " + orders + " orders seen after " + timeout);
    }
  }

  private static Map<String, Long> readSeen(Path seen) throws IOException {
    Map<String, Long> firstSeen = new HashMap<>();
    for (String line : Files.readAllLines(seen)) {
      String[] parts = line.split(" ");
      if (parts.length == 2) {
        firstSeen.putIfAbsent(parts[0], Long.parseLong(parts[1]));
      }
    }
    return firstSeen;
  }

  private static void report(double rate, int seconds, String interval, Map<String, ProducedRecord> placed,
      Map<String, Long> seen, Map<String, Long> landed) {
    List<Long> toView = new ArrayList<>();
    List<Long> toTable = new ArrayList<>();
    placed.forEach((orderId, event) -> {
      Long visible = seen.get(orderId);
      Long committed = landed.get(event.planned().eventId());
      if (visible != null && committed != null) {
        toView.add(visible - event.sendTimeMillis());
        toTable.add(committed - event.sendTimeMillis());
      }
    });
    if (toView.isEmpty()) {
      System.out.println("serving view freshness: no order measured (seen " + seen.size() + ", landed " + landed.size() + ")");
      return;
    }
    Percentiles view = new Percentiles(toView);
    Percentiles table = new Percentiles(toTable);
    System.out.printf("serving view freshness bench: %.0f events/s for %d s, marts every %s s beside it (dbt/bin/schedule.py)%n",
        rate, seconds, interval);
    System.out.printf("ops_orders_this_hour (produced -> counted): p50 %.1f s, p99 %.1f s, max %.1f s over %d of %d orders; "
            + "baseline produced -> landed in orders_enriched: p50 %.1f s, p99 %.1f s, max %.1f s%n",
        view.at(50) / 1000.0, view.at(99) / 1000.0, view.at(100) / 1000.0, toView.size(), placed.size(),
        table.at(50) / 1000.0, table.at(99) / 1000.0, table.at(100) / 1000.0);
    System.out.printf("serving view p99: %.1f (goal <= 15 s at 500 events/s)%n", view.at(99) / 1000.0);
    System.out.printf("landing p99: %.1f (same run and orders: the baseline)%n", table.at(99) / 1000.0);
  }

  /** /proc/loadavg's three averages, or "unknown" where there is none. */
  private static String loadAverage() {
    try {
      String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
      return String.join(", ", fields[0], fields[1], fields[2]);
    } catch (IOException e) {
      return "unknown";
    }
  }
}
