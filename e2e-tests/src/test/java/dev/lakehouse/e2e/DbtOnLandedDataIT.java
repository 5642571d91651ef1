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
import dev.lakehouse.e2e.harness.ParquetRows;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.harness.ProjectVenv;
import dev.lakehouse.e2e.harness.RowSource;
import dev.lakehouse.e2e.oracle.ExpectedTable;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.PipelineOracle;
import dev.lakehouse.e2e.oracle.TableDiff;
import dev.lakehouse.conventions.DurationFormat;
import dev.lakehouse.generator.EventClass;
import dev.lakehouse.local.stack.config.Replay;
import dev.lakehouse.local.stack.replay.ReplaySwitch;
import dev.lakehouse.local.stack.replay.ReplaySwitches;
import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorConfig;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.generator.GroupCatchUp;
import dev.lakehouse.generator.ProducedRecord;
import dev.lakehouse.maintenance.replay.ReplayComparison;
import dev.lakehouse.maintenance.replay.TableComparison;
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
  private static final Duration FINAL_AFTER = DurationFormat.parse("final-after", ReplayComparison.DEFAULT_FINAL_AFTER);
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
   * docs/operations.md "Replaying history": a customer is erased from the live tables and the marts
   * first; then the inputs are reprocessed from their earliest offsets under a new application id into
   * a namespace of their own, which brings the customer's rows back from the input topics. Once every
   * output landed and the audit passes there, the switch ({@code ./lakehouse replay switch}'s checks)
   * applies the recorded erasure to the replay again and compares it with the live tables, which it
   * must equal; then the dbt sources switch to it (var {@code source_schema}) in one incremental build
   * on the models the suite built from the live namespace, after which the serving views hold what they
   * held before: {@code finance_daily_revenue} unchanged, no row of a mart doubled, and no row or file
   * of the erased customer in any table dbt reads.
   */
  private static void replayAndSwitchTheDbtSources(PipelineStack stack, IcebergTables live, Path workDir) throws Exception {
    String erased = eraseTheCustomerWithTheMostOrderOutcomes(stack, live);
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
      long resurrected = rowsOf(erased, replayed);
      assertThat(resurrected).as("rows of the erased customer the replay read again from the input topics").isPositive();
      assertThat(replayed.rowCount(OutputTable.ORDERS_ENRICHED)).as("orders_enriched rows of the replay and the live run")
          .isEqualTo(live.rowCount(OutputTable.ORDERS_ENRICHED) + rowsOf(erased, replayed, OutputTable.ORDERS_ENRICHED));
      assertThatThrownBy(() -> switchTo(stack, replay))
          .as("the switch before an audit").hasMessageContaining("before an audit passed on it");
      // ./lakehouse audit --tables ... saves its findings where the switch reads them
      MaintenanceJobRun.Result audit = MaintenanceJobRun.command(stack, "audit", "--tables", replay.namespace() + ".*",
          "--settle", "0s", "--save", stack.config().layout().lastAuditFile().toString());
      assertThat(audit.exitCode()).as("audit of the replay's namespace:\n%s", audit.log()).isZero();
      // no reason given: the switch goes ahead only if the replay compares the same as live in every table
      ReplaySwitch.Decision switched = switchTo(stack, replay);
      String namespace = switched.namespace();
      assertThat(rowsOf(erased, replayed)).as("rows of the erased customer in the replay after the switch").isZero();
      assertComparedWithLive(stack, switched.comparison());

      DbtBuild dbt = new DbtBuild(stack.trinoPort(), MODELS_SCHEMA, workDir.resolve("dbt-replay"));
      // the window results still count the erased customer's orders, orders_enriched no longer has them: the
      // hourly reconciliation fails for their hours by design (docs/operations.md, "Erasing a customer");
      // the suite's two builds above ran it on the same data before the erasure
      DbtBuild.Result built = dbt.run(DBT_TIMEOUT, "--vars", "{source_schema: " + namespace + "}",
          "--exclude", "assert_hourly_revenue_reconciles");
      assertThat(built.exitCode()).as("dbt build after the switch:\n%s", built.output()).isZero();
      assertThat(query(stack, "show create view " + MODELS_SCHEMA + ".stg_orders_enriched"))
          .as("the staging view after the switch").contains(replay.namespace());
      long started = System.nanoTime();
      assertThat(query(stack, "select count(*) from " + MODELS_SCHEMA + ".fct_orders where customer_id = '" + erased + "'"))
          .as("fct_orders rows of the erased customer after the switch").isEqualTo("\"0\"");
      assertThat(ParquetRows.holding(stack.config().layout().s3Dir(), erased))
          .as("Parquet rows of the erased customer under the warehouse (every table, referenced or not)").isEmpty();
      System.out.printf("no row or file of the erased customer, checked in %.1f s%n", (System.nanoTime() - started) / 1e9);
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

  /**
   * {@code maintenance-job erase} of the customer whose orders have the most outcomes in
   * {@code order_payments}, from the landed tables and the marts the suite built; returns the id.
   */
  private static String eraseTheCustomerWithTheMostOrderOutcomes(PipelineStack stack, IcebergTables live)
      throws Exception {
    String customer = live.rows(OutputTable.ORDER_PAYMENTS).stream()
        .collect(Collectors.groupingBy(row -> String.valueOf(row.get("customer_id")), Collectors.counting()))
        .entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    assertThat(rowsOf(customer, live)).as("rows of the customer to erase").isPositive();
    Path ids = Files.writeString(stack.config().dataDir().resolve("erase-ids.txt"), customer + "\n");
    long started = System.nanoTime();
    MaintenanceJobRun.Result erase = MaintenanceJobRun.erase(stack, "--customer-ids-file", ids.toString(),
        "--tables", "lakehouse.*," + MODELS_SCHEMA + ".*");
    assertThat(erase.exitCode()).as("erase:\n%s", erase.log()).isZero();
    assertThat(erase.log()).contains("recorded in the erasure register").doesNotContain(customer);
    assertThat(rowsOf(customer, live)).as("rows of the erased customer in the live tables").isZero();
    System.out.printf("erase of one customer from the live tables and the marts: %.1f s%n", (System.nanoTime() - started) / 1e9);
    return customer;
  }

  /**
   * {@code ./lakehouse replay switch <id>}'s checks: the audit, the recorded erasures applied again, none
   * left, the comparison with the live tables (printed and recorded), which must find them the same.
   */
  private static ReplaySwitch.Decision switchTo(PipelineStack stack, Replay replay) throws Exception {
    long started = System.nanoTime();
    ReplaySwitch.Decision decision = ReplaySwitch.decide(stack.config(), replay.id(), null, Duration.ZERO, FINAL_AFTER,
        System.out);
    System.out.printf("the switch's checks (erasures applied again, comparison): %.1f s%n",
        (System.nanoTime() - started) / 1e9);
    return decision;
  }

  /**
   * The switch's comparison of the replay with the live tables: every table the same (the join and the
   * enrichment read the same input the same way; the erased customer's rows gone from both), and the
   * switch recorded without a difference.
   */
  private static void assertComparedWithLive(PipelineStack stack, ReplayComparison comparison) throws Exception {
    assertThat(comparison.tables()).as("the replay against live:%n%s", comparison.text()).isNotEmpty()
        .allMatch(TableComparison::same);
    assertThat(ReplaySwitches.read(stack.config().layout())).as("the switch, recorded").singleElement()
        .satisfies(entry -> assertThat(entry.differingTables()).as("tables that differed from live").isEmpty());
  }

  /** Rows of the customer in the tables that carry customer_id, or in the one given. */
  private static long rowsOf(String customer, IcebergTables tables, OutputTable... only) {
    List<OutputTable> searched = only.length > 0 ? List.of(only)
        : List.of(OutputTable.ORDERS_ENRICHED, OutputTable.ORDER_PAYMENTS);
    return searched.stream().flatMap(table -> tables.rows(table).stream())
        .filter(row -> customer.equals(row.get("customer_id"))).count();
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
    ExpectedTable windows = expected.get(OutputTable.REVENUE_BY_MERCHANT_1M);
    new HourlyRevenueOracle()
        .addWindows(windows.rows().values())
        .tail(windows.optional().values())
        .addLateEvents(expected.get(OutputTable.LATE_EVENTS))
        .write(file);
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
