package dev.lakehouse.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.e2e.dbt.DbtBuild;
import dev.lakehouse.e2e.dbt.DbtSuite;
import dev.lakehouse.e2e.dbt.HourlyRevenueOracle;
import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.Landing;
import dev.lakehouse.e2e.harness.MaintenanceJobRun;
import dev.lakehouse.e2e.harness.OutputTopics;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.harness.ProjectVenv;
import dev.lakehouse.e2e.harness.RowSource;
import dev.lakehouse.e2e.oracle.ExpectedTable;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.PipelineOracle;
import dev.lakehouse.e2e.oracle.TableDiff;
import dev.lakehouse.generator.EventClass;
import dev.lakehouse.local.stack.Replay;
import dev.lakehouse.local.stack.ReplaySwitch;
import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorConfig;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.generator.GroupCatchUp;
import dev.lakehouse.generator.ProducedRecord;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.SqlScript;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * dbt on data the real pipeline landed (generator -> Kafka -> Streams app -> Iceberg sink ->
 * tables, read by Trino): the dbt suite ({@code dbt/integration}) builds the models, asks for more
 * events, and builds again incrementally. The second run's late events, for the same merchants,
 * fall into the hours the first build made, across an hour boundary, so those hours are restated. The suite checks both builds (including the
 * reconciliation test), which hours the second one touched, and the marts and serving views
 * against the hourly figures this test computes from the generator's events.
 *
 * <p>Before run 1, a few current orders reach some partitions: run 1 is then a backfill more than
 * an hour behind their stream time, with producer retries (TOPOLOGY.md "Deduplication"), while the
 * windows of the other partitions stay open. Each table must hold every event once, and match the oracle (the
 * marts count each event_id once, so the dbt checks alone pass on retries that got through).
 */
class DbtOnLandedDataIT {
  private static final int EVENTS_PER_MINUTE = 1000;
  /** Current orders this long before run 2: its events close their windows and join windows. */
  private static final Duration CURRENT_BEFORE_SECOND = Duration.ofMinutes(40);
  private static final int SECOND_RUN_EVENTS = 3000;
  /** The generator's default tail: an hour after the last event, in two waves two minutes apart. */
  private static final Duration TAIL_AFTER_LAST_EVENT = Duration.ofHours(1).plus(Duration.ofMinutes(2));
  /** From run 2's start until its tail's last event is sent, with a margin for the wait before it is. */
  private static final Duration SECOND_RUN_START_TO_TAIL_SENT = Duration.ofMinutes(SECOND_RUN_EVENTS / EVENTS_PER_MINUTE)
      .plus(TAIL_AFTER_LAST_EVENT).plus(Duration.ofMinutes(2));
  /** A bound on one dbt build: a full one took 255 s in the suite on a loaded machine. */
  private static final Duration DBT_TIMEOUT = Duration.ofMinutes(10);
  /** A bound on the suite after run 2 landed: its incremental build, its checks and maintain_models. */
  private static final Duration SUITE_AFTER_SECOND_RUN_TIMEOUT = DBT_TIMEOUT.multipliedBy(2);
  /** A bound on run 2, sent and landed, for the suite's hook that waits on it. */
  private static final Duration SECOND_RUN_TIMEOUT = Duration.ofMinutes(10);
  /** Where the suite builds the models, which the replay phase then switches to the replay's tables. */
  private static final String MODELS_SCHEMA = "landed_models";
  /** Every column but updated_at (when a row was last merged), ordered. */
  private static final String FINANCE_DAILY_REVENUE = "select merchant_id, currency, revenue_date, order_count, revenue, "
      + "late_order_count, late_revenue, restated_hour_count, is_final from " + MODELS_SCHEMA
      + ".finance_daily_revenue order by merchant_id, currency, revenue_date";

  @Test
  void dbtBuildsOnLandedDataMatchTheGeneratorOracle() throws Exception {
    ProjectVenv.requireDbt();
    // run 1: 6 minutes of event time across an hour boundary; run 2 two hours later (after run 1's tail
    // and its join windows), with its beyond-grace events pushed back into run 1's minutes. Run 2 starts
    // at the latest minute 57 whose tail is in the past when sent: an event ahead of the wall clock is
    // judged against it (event-time.max-future-skew), and the replay below reads the inputs minutes
    // later, so a tail just beyond the bound would be dead-lettered live and kept by the replay
    Instant secondStart = Instant.now().minus(SECOND_RUN_START_TO_TAIL_SENT).minus(Duration.ofMinutes(57))
        .truncatedTo(ChronoUnit.HOURS).plus(Duration.ofMinutes(57));
    Instant firstStart = secondStart.minus(Duration.ofHours(2));
    try (PipelineStack stack = PipelineStack.startForTrino("dbt-on-landed");
        IcebergTables tables = new IcebergTables(stack.catalogProperties());
        GroupCatchUp streamsApp = Scenarios.follow(stack)) {
      CompletableFuture<Void> trino = stack.startTrino();
      GeneratorRun current = Generator.runFollowing(currentOrders(stack, secondStart.minus(CURRENT_BEFORE_SECOND)),
          streamsApp);
      // processed before the backfill, so they set the stream time of their partitions' tasks
      streamsApp.awaitLagAtMost(0);
      Set<Integer> currentPartitions = partitions(current, EventClass.VALID);
      assertThat(currentPartitions).as("partitions of the current orders: some, not all").isNotEmpty()
          .hasSizeLessThan(stack.config().topicPartitions());

      GeneratorConfig firstConfig = Scenarios.anomalyMix(stack, 6000, 5)
          .eventsPerMinute(EVENTS_PER_MINUTE).startTime(firstStart).build();
      GeneratorRun first = Generator.runFollowing(firstConfig, streamsApp);
      assertThat(partitions(first, EventClass.DUPLICATE)).as("partitions where the backfill re-sent orders")
          .containsAnyElementsOf(currentPartitions);
      Map<OutputTable, ExpectedTable> firstTables = new PipelineOracle(List.of(current, first), Scenarios.APP)
          .expectedTables();
      Landing.awaitComplete(tables, firstTables, Duration.ofMinutes(4));
      Path suiteDir = Files.createDirectories(stack.config().dataDir().resolve("dbt-suite"));
      hourlyRevenue(firstTables, DbtSuite.oracleFile(suiteDir));

      trino.get(stack.startupTimeout().toSeconds(), TimeUnit.SECONDS);
      sqlPrintsEachFormat(stack.trinoPort(), tables.rowCount(OutputTable.ORDERS_ENRICHED));
      try (DbtSuite suite = DbtSuite.start(stack.trinoPort(), MODELS_SCHEMA, suiteDir, SECOND_RUN_TIMEOUT)) {
        suite.awaitMoreEventsRequested(DBT_TIMEOUT);
        GeneratorRun second = Generator.runFollowing(Scenarios.anomalyMix(stack, SECOND_RUN_EVENTS, 6)
            .eventsPerMinute(EVENTS_PER_MINUTE).startTime(secondStart).referenceRunId(firstConfig.runId())
            .beyondGraceExtra(Duration.between(firstStart, secondStart).minus(Scenarios.GRACE).minusMinutes(1))
            .manifestPath(stack.config().dataDir().resolve("generator-manifest-2.json")).build(), streamsApp);
        assertThat(second.records()).as("run 2's records: each event time at or before its send time")
            .filteredOn(r -> r.planned().eventTime() != null)
            .allMatch(r -> !r.planned().eventTime().isAfter(Instant.ofEpochMilli(r.sendTimeMillis())));
        Map<OutputTable, ExpectedTable> allTables =
            new PipelineOracle(List.of(current, first, second), Scenarios.APP).expectedTables();
        Landing.awaitComplete(tables, allTables, Duration.ofMinutes(4));
        hourlyRevenue(allTables, DbtSuite.oracleFile(suiteDir));
        suite.moreEventsLanded();
        int dbtExit = suite.awaitExit(SUITE_AFTER_SECOND_RUN_TIMEOUT);
        assertEachEventOnceAndAsTheOracleSays(tables, allTables);
        assertThat(dbtExit).as("exit code of the dbt suite (its output is above)").isZero();
      }
      replayAndSwitchTheDbtSources(stack, tables, suiteDir);
    }
  }

  /**
   * docs/operations.md "Replaying history": the inputs reprocessed from their earliest offsets under a new
   * application id into a namespace of their own; once every output landed and the audit passes
   * there, the dbt sources switch to it (var {@code source_schema}) in one incremental build on the
   * models the suite built from the live namespace, after which the serving views hold what they held
   * before: {@code finance_daily_revenue} unchanged, no row of a mart doubled.
   */
  private static void replayAndSwitchTheDbtSources(PipelineStack stack, IcebergTables live, Path workDir) throws Exception {
    String dailyRevenue = query(stack, FINANCE_DAILY_REVENUE);
    String ordersBefore = query(stack, "select count(*), count(distinct order_id) from " + MODELS_SCHEMA + ".fct_orders");

    Replay replay = stack.startReplay("1");
    try (IcebergTables replayed = new IcebergTables(stack.catalogProperties(), replay.namespace());
        GroupCatchUp replayApp = new GroupCatchUp(stack.bootstrapServers(), replay.applicationId(stack.config()),
            Duration.ofMinutes(8))) {
      replayApp.awaitLagAtMost(0);
      OutputTopics replayTopics = new OutputTopics(stack.bootstrapServers(), replay.topicPrefix());
      for (OutputTable table : OutputTable.values()) {
        Landing.awaitWholeTopic(replayed, replayTopics, table, Duration.ofMinutes(4));
      }
      assertThat(replayed.rowCount(OutputTable.ORDERS_ENRICHED)).as("orders_enriched rows of the replay and the live run")
          .isEqualTo(live.rowCount(OutputTable.ORDERS_ENRICHED));
      assertThatThrownBy(() -> ReplaySwitch.namespaceToRead(stack.config(), replay.id()))
          .as("the switch before an audit").hasMessageContaining("before an audit passed on it");
      // ./lakehouse audit --tables ... saves its findings where the switch reads them
      MaintenanceJobRun.Result audit = MaintenanceJobRun.command(stack, "audit", "--tables", replay.namespace() + ".*",
          "--settle", "0s", "--save", stack.config().layout().lastAuditFile().toString());
      assertThat(audit.exitCode()).as("audit of the replay's namespace:\n%s", audit.log()).isZero();
      String namespace = ReplaySwitch.namespaceToRead(stack.config(), replay.id());

      DbtBuild dbt = new DbtBuild(stack.trinoPort(), MODELS_SCHEMA, workDir.resolve("dbt-replay"));
      DbtBuild.Result switched = dbt.run(DBT_TIMEOUT, "--vars", "{source_schema: " + namespace + "}");
      assertThat(switched.exitCode()).as("dbt build after the switch:\n%s", switched.output()).isZero();
      assertThat(query(stack, "show create view " + MODELS_SCHEMA + ".stg_orders_enriched"))
          .as("the staging view after the switch").contains(replay.namespace());
    }
    assertThat(query(stack, FINANCE_DAILY_REVENUE)).as("finance_daily_revenue after the switch").isEqualTo(dailyRevenue);
    assertThat(query(stack, "select count(*), count(distinct order_id) from " + MODELS_SCHEMA + ".fct_orders"))
        .as("fct_orders rows and orders after the switch").isEqualTo(ordersBefore);
    for (String keyedMart : List.of("fct_orders: order_id", "agg_revenue_hourly: merchant_id, currency, revenue_hour",
        "fct_payment_conversion: merchant_id, currency, order_hour",
        "finance_daily_revenue: merchant_id, currency, revenue_date")) {
      String[] mart = keyedMart.split(": ");
      assertThat(query(stack, "select " + mart[1] + ", count(*) from " + MODELS_SCHEMA + "." + mart[0] + " group by "
          + mart[1] + " having count(*) > 1")).as("keys of %s held by more than one row", mart[0]).isEqualTo("");
    }
  }

  /** The query's rows as csv, no header; fails when Trino does. */
  private static String query(PipelineStack stack, String sql) throws Exception {
    SqlScript.Result result = SqlScript.onTrino(stack.trinoPort(), "--format", "csv", sql);
    assertThat(result.exit()).as("%s: %s", sql, result.err()).isZero();
    return result.out().lines().skip(1).collect(Collectors.joining("\n"));
  }

  /**
   * {@code ./lakehouse sql} on this Trino: each --format, csv by default when stdout is not a terminal,
   * and the default catalog and schema (the table's row count as the Java reader sees it).
   */
  private static void sqlPrintsEachFormat(int trinoPort, long ordersEnriched) throws Exception {
    String query = "select n, label from (values (1, 'plain'), (2, 'with, comma'), (3, null)) as t(n, label) order by n";
    assertThat(SqlScript.onTrino(trinoPort, "--format", "table", query)).isEqualTo(new SqlScript.Result(0, """
         n |    label   \s
        ---+-------------
         1 | plain      \s
         2 | with, comma\s
         3 | NULL       \s
        (3 rows)
        """, ""));
    assertThat(SqlScript.onTrino(trinoPort, "--format=csv", query)).isEqualTo(new SqlScript.Result(0, """
        "n","label"
        "1","plain"
        "2","with, comma"
        "3",""
        """, ""));
    assertThat(SqlScript.onTrino(trinoPort, "--format", "json", query)).isEqualTo(new SqlScript.Result(0, """
        {"n":1,"label":"plain"}
        {"n":2,"label":"with, comma"}
        {"n":3,"label":null}
        """, ""));
    assertThat(SqlScript.onTrino(trinoPort, "select count(*) as orders from orders_enriched"))
        .as("csv, the default off a terminal").isEqualTo(new SqlScript.Result(0, "\"orders\"\n\"" + ordersEnriched + "\"\n", ""));
  }

  /** Two PLACED orders at one event time, to partitions 0 and 1 of 3 (their order ids hash there). */
  private static GeneratorConfig currentOrders(PipelineStack stack, Instant time) {
    return GeneratorConfig.builder()
        .bootstrapServers(stack.bootstrapServers())
        .runId("current")
        .events(2)
        .eventsPerMinute(60_000)
        .startTime(time)
        .outOfOrderFraction(0)
        .beyondGraceFraction(0)
        .duplicateFraction(0)
        .malformedFraction(0)
        .referenceUpdateFraction(0)
        .customers(1)
        .merchants(1)
        .referencePause(Scenarios.REFERENCE_PAUSE)
        .tail(false)
        .build();
  }

  private static Set<Integer> partitions(GeneratorRun run, EventClass eventClass) {
    return run.records().stream()
        .filter(r -> r.topic().equals(Topics.ORDERS) && r.eventClass() == eventClass)
        .map(ProducedRecord::partition)
        .collect(Collectors.toSet());
  }

  /** What agg_revenue_hourly must hold: closed windows plus late PLACED orders, up to the first hour with open windows. */
  private static void hourlyRevenue(Map<OutputTable, ExpectedTable> expected, Path file) throws IOException {
    HourlyRevenueOracle.of(expected).write(file);
  }

  /** Each event_id at most once per table (order_event_id in order_payments), and every table as the oracle says. */
  private static void assertEachEventOnceAndAsTheOracleSays(RowSource tables, Map<OutputTable, ExpectedTable> expected) {
    Map<OutputTable, String> eventIds = Map.of(OutputTable.ORDERS_ENRICHED, "event_id",
        OutputTable.LATE_EVENTS, "event_id", OutputTable.ORDER_PAYMENTS, "order_event_id");
    for (OutputTable table : OutputTable.values()) {
      List<Map<String, Object>> rows = tables.rows(table);
      if (eventIds.containsKey(table)) {
        Map<Object, Long> counts = rows.stream()
            .collect(Collectors.groupingBy(row -> row.get(eventIds.get(table)), Collectors.counting()));
        counts.values().removeIf(count -> count == 1);
        assertThat(counts).as("%s.%s held more than once (id -> rows)", table.tableName(), eventIds.get(table))
            .isEmpty();
      }
      TableDiff diff = TableDiff.of(expected.get(table), rows);
      assertThat(diff.matches()).as(diff.report()).isTrue();
    }
  }
}
