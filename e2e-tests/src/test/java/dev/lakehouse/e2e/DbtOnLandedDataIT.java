package dev.lakehouse.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.dbt.DbtSuite;
import dev.lakehouse.e2e.dbt.HourlyRevenueOracle;
import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.Landing;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.harness.ProjectVenv;
import dev.lakehouse.e2e.oracle.ExpectedTable;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.PipelineOracle;
import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorConfig;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.generator.GroupCatchUp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * dbt on data the real pipeline landed (generator -> Kafka -> Streams app -> Iceberg sink ->
 * tables, read by Trino): the dbt suite ({@code dbt/integration}) builds the models, asks for more
 * events, and builds again incrementally. The second run's late events, for the same merchants,
 * fall into the hours the first build made, across an hour boundary, so those hours are restated. The suite checks both builds (including the
 * reconciliation test), which hours the second one touched, and the marts and serving views
 * against the hourly figures this test computes from the generator's events.
 */
class DbtOnLandedDataIT {
  private static final int EVENTS_PER_MINUTE = 1000;

  @Test
  void dbtBuildsOnLandedDataMatchTheGeneratorOracle() throws Exception {
    ProjectVenv.requireDbt();
    // run 1: 6 minutes of event time across an hour boundary; run 2 two hours later (after run 1's tail
    // and its join windows), with its beyond-grace events pushed back into run 1's minutes
    Instant firstStart = Instant.now().minus(Duration.ofHours(3)).truncatedTo(ChronoUnit.HOURS).plus(Duration.ofMinutes(57));
    Instant secondStart = firstStart.plus(Duration.ofHours(2));
    try (PipelineStack stack = PipelineStack.startForTrino("dbt-on-landed");
        IcebergTables tables = new IcebergTables(stack.catalogProperties());
        GroupCatchUp streamsApp = Scenarios.follow(stack)) {
      CompletableFuture<Void> trino = stack.startTrino();
      GeneratorConfig firstConfig = Scenarios.anomalyMix(stack, 6000, 5)
          .eventsPerMinute(EVENTS_PER_MINUTE).startTime(firstStart).build();
      GeneratorRun first = Generator.runFollowing(firstConfig, streamsApp);
      Map<OutputTable, ExpectedTable> firstTables = new PipelineOracle(first, Scenarios.JOIN_WINDOW).expectedTables();
      Landing.awaitComplete(tables, firstTables, Duration.ofMinutes(4));
      Path suiteDir = Files.createDirectories(stack.config().dataDir().resolve("dbt-suite"));
      new HourlyRevenueOracle()
          .addWindows(firstTables.get(OutputTable.REVENUE_BY_MERCHANT_1M).rows().values())
          .tail(firstTables.get(OutputTable.REVENUE_BY_MERCHANT_1M).optional().values())
          .addLateEvents(firstTables.get(OutputTable.LATE_EVENTS))
          .write(DbtSuite.oracleFile(suiteDir));

      trino.get(stack.startupTimeout().toSeconds(), TimeUnit.SECONDS);
      try (DbtSuite suite = DbtSuite.start(stack.trinoPort(), suiteDir, Duration.ofMinutes(8))) {
        suite.awaitMoreEventsRequested(Duration.ofMinutes(8));
        GeneratorRun second = Generator.runFollowing(Scenarios.anomalyMix(stack, 3000, 6)
            .eventsPerMinute(EVENTS_PER_MINUTE).startTime(secondStart).referenceRunId(firstConfig.runId())
            .beyondGraceExtra(Duration.between(firstStart, secondStart).minus(Scenarios.GRACE).minusMinutes(1))
            .manifestPath(stack.config().dataDir().resolve("generator-manifest-2.json")).build(), streamsApp);
        Map<OutputTable, ExpectedTable> secondTables = new PipelineOracle(second, Scenarios.JOIN_WINDOW).expectedTables();
        Landing.awaitComplete(tables, bothRuns(firstTables, secondTables), Duration.ofMinutes(4));
        new HourlyRevenueOracle()
            .addWindows(firstTables.get(OutputTable.REVENUE_BY_MERCHANT_1M).rows().values())
            // run 2's events closed the windows of run 1's tail
            .addWindows(firstTables.get(OutputTable.REVENUE_BY_MERCHANT_1M).optional().values())
            .addWindows(secondTables.get(OutputTable.REVENUE_BY_MERCHANT_1M).rows().values())
            .tail(secondTables.get(OutputTable.REVENUE_BY_MERCHANT_1M).optional().values())
            .addLateEvents(firstTables.get(OutputTable.LATE_EVENTS))
            .addLateEvents(secondTables.get(OutputTable.LATE_EVENTS))
            .write(DbtSuite.oracleFile(suiteDir));
        suite.moreEventsLanded();
        assertThat(suite.awaitExit(Duration.ofMinutes(8))).as("exit code of the dbt suite (its output is above)").isZero();
      }
    }
  }

  /** Row counts the tables reach once both runs landed (run 1's tail windows included: run 2 closed them). */
  private static Map<OutputTable, ExpectedTable> bothRuns(Map<OutputTable, ExpectedTable> first,
      Map<OutputTable, ExpectedTable> second) {
    Map<OutputTable, ExpectedTable> both = new EnumMap<>(OutputTable.class);
    for (OutputTable table : new OutputTable[] {OutputTable.ORDERS_ENRICHED, OutputTable.REVENUE_BY_MERCHANT_1M,
        OutputTable.LATE_EVENTS}) {
      Map<String, Map<String, Object>> rows = new HashMap<>(first.get(table).rows());
      if (table == OutputTable.REVENUE_BY_MERCHANT_1M) {
        rows.putAll(first.get(table).optional());
      }
      rows.putAll(second.get(table).rows());
      both.put(table, new ExpectedTable(table, rows, Map.of()));
    }
    return both;
  }
}
