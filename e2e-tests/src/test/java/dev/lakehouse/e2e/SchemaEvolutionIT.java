package dev.lakehouse.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.dbt.DbtBuild;
import dev.lakehouse.e2e.harness.EnrichedOrders;
import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.Landing;
import dev.lakehouse.e2e.harness.OutputRecords;
import dev.lakehouse.e2e.harness.OutputTopics;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.harness.ProjectVenv;
import dev.lakehouse.e2e.oracle.ExpectedTable;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.PipelineOracle;
import dev.lakehouse.e2e.oracle.TableDiff;
import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.generator.GroupCatchUp;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaCatalog;
import dev.lakehouse.schemas.serde.AvroData;
import dev.lakehouse.testkit.TrinoQuery;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.iceberg.Table;
import org.junit.jupiter.api.Test;

/**
 * Version 3 of the orders contract ({@code channel}, {@code discount_amount}) carried from the
 * producers to dbt while the pipeline runs. {@code orders_enriched} starts as the release before
 * left it: without the two columns, holding rows that release wrote. Then producers of versions 2
 * and 3 send orders side by side through the Streams app; the Iceberg sink adds the columns as the
 * first new rows arrive, with no restart; every row lands once, old and version 2 rows with nulls.
 * dbt builds before and after the change without {@code --full-refresh}.
 */
class SchemaEvolutionIT {
  private static final List<String> NEW_COLUMNS = List.of("channel", "discount_amount");
  private static final int PREVIOUS_RELEASE_ROWS = 300;
  private static final String DBT_SCHEMA = "evolution";
  private static final Duration DBT_TIMEOUT = Duration.ofMinutes(6);

  @Test
  void ordersOfBothContractVersionsReachDbtAndTheSinkAddsTheColumnsLive() throws Exception {
    ProjectVenv.requireDbt();
    try (PipelineStack stack = PipelineStack.startForTrino("schema-evolution");
        IcebergTables tables = new IcebergTables(stack.catalogProperties());
        GroupCatchUp streamsApp = Scenarios.follow(stack)) {
      CompletableFuture<Void> trino = stack.startTrino();
      int schemaBefore = asThePreviousReleaseLeftIt(tables.load(OutputTable.ORDERS_ENRICHED));
      // older than the dbt data tests' lookback (72 h): the previous release's rows have no windows here
      Map<String, Map<String, Object>> previousRows = producePreviousReleaseRows(stack,
          Instant.now().minus(Duration.ofDays(4)).truncatedTo(ChronoUnit.HOURS));
      Landing.awaitComplete(tables, Map.of(OutputTable.ORDERS_ENRICHED,
          new ExpectedTable(OutputTable.ORDERS_ENRICHED, previousRows, Map.of())), Duration.ofMinutes(3));
      assertThat(columns(tables.load(OutputTable.ORDERS_ENRICHED))).as("columns while only old rows landed")
          .doesNotContainAnyElementsOf(NEW_COLUMNS);

      trino.get(stack.startupTimeout().toSeconds(), TimeUnit.SECONDS);
      DbtBuild dbt = new DbtBuild(stack.trinoPort(), DBT_SCHEMA, stack.config().dataDir().resolve("dbt"));
      DbtBuild.Result before = dbt.run(DBT_TIMEOUT);
      assertThat(before.exitCode()).as("dbt build before the change:\n%s", before.output()).isZero();
      assertThat(ordersWithChannel(stack.trinoPort())).as("fct_orders: orders, orders with a channel")
          .containsExactly((long) PREVIOUS_RELEASE_ROWS, 0L);

      GeneratorRun mixed = Generator.runFollowing(Scenarios.anomalyMix(stack, 4000, 314)
          .previousContractShare(0.5).build(), streamsApp);
      Map<OutputTable, ExpectedTable> expected = withPreviousRows(
          new PipelineOracle(mixed, Scenarios.APP).expectedTables(), previousRows);
      Landing.awaitComplete(tables, expected, Duration.ofMinutes(6));

      Table evolved = tables.load(OutputTable.ORDERS_ENRICHED);
      assertThat(columns(evolved)).as("columns after the first version 3 rows").containsAll(NEW_COLUMNS);
      assertThat(evolved.schema().schemaId()).as("schema id: the sink evolved the table").isGreaterThan(schemaBefore);
      for (Map.Entry<OutputTable, ExpectedTable> table : expected.entrySet()) {
        TableDiff diff = TableDiff.of(table.getValue(), tables.rows(table.getKey()));
        System.out.println("schema evolution, " + table.getKey() + ": " + diff.report());
        assertThat(diff.duplicated()).as("%s duplicated", table.getKey()).isEmpty();
        assertThat(diff.lost()).as("%s lost", table.getKey()).isEmpty();
        assertThat(diff.matches()).as(diff.report()).isTrue();
      }
      // the counts dbt must match: the whole topic, so that no tail row lands between this read and dbt's
      streamsApp.awaitBeforeTail();
      Landing.awaitWholeTopic(tables, new OutputTopics(stack.bootstrapServers()), OutputTable.ORDERS_ENRICHED,
          Duration.ofMinutes(3));
      // every event of an order comes from one producer: an order has a channel when any of its rows has one
      List<Map<String, Object>> landed = tables.rows(OutputTable.ORDERS_ENRICHED);
      Set<Object> orders = landed.stream().map(row -> row.get("order_id")).collect(Collectors.toSet());
      Set<Object> ordersWithChannel = landed.stream().filter(row -> row.get("channel") != null)
          .map(row -> row.get("order_id")).collect(Collectors.toSet());
      assertThat(ordersWithChannel).as("orders of version 3 producers").isNotEmpty();
      assertThat(orders.size() - ordersWithChannel.size()).as("orders of version 2 producers and the previous release")
          .isGreaterThan(PREVIOUS_RELEASE_ROWS);

      DbtBuild.Result after = dbt.run(DBT_TIMEOUT);
      assertThat(after.exitCode()).as("incremental dbt build after the change:\n%s", after.output()).isZero();
      assertThat(ordersWithChannel(stack.trinoPort())).as("fct_orders: orders, orders with a channel")
          .containsExactly((long) orders.size(), (long) ordersWithChannel.size());
    }
  }

  /** Drops the columns version 3 brought: the table as the release before created it. Returns its schema id. */
  private static int asThePreviousReleaseLeftIt(Table table) {
    assertThat(table.currentSnapshot()).as("orders_enriched before the first row").isNull();
    var update = table.updateSchema();
    NEW_COLUMNS.forEach(update::deleteColumn);
    update.commit();
    table.refresh();
    return table.schema().schemaId();
  }

  /** PLACED orders written by the previous release (version 2 of orders-enriched), as the table must hold them. */
  private static Map<String, Map<String, Object>> producePreviousReleaseRows(PipelineStack stack, Instant hour) {
    Schema previous = SchemaCatalog.bundled().schema(Topics.valueSubject(Topics.ORDERS_ENRICHED), 2);
    List<GenericRecord> rows = new ArrayList<>();
    Map<String, Map<String, Object>> expected = new LinkedHashMap<>();
    for (int i = 0; i < PREVIOUS_RELEASE_ROWS; i++) {
      GenericRecord row = EnrichedOrders.row("prev", i, hour.plusSeconds(i));
      rows.add(AvroData.project(row, previous));
      expected.put(String.valueOf(row.get("event_id")), OutputRecords.normalized(row));
    }
    EnrichedOrders.produce(stack.bootstrapServers(), rows);
    return expected;
  }

  private static Map<OutputTable, ExpectedTable> withPreviousRows(Map<OutputTable, ExpectedTable> expected,
      Map<String, Map<String, Object>> previousRows) {
    Map<OutputTable, ExpectedTable> all = new LinkedHashMap<>(expected);
    ExpectedTable enriched = expected.get(OutputTable.ORDERS_ENRICHED);
    Map<String, Map<String, Object>> rows = new HashMap<>(enriched.rows());
    rows.putAll(previousRows);
    all.put(OutputTable.ORDERS_ENRICHED, new ExpectedTable(OutputTable.ORDERS_ENRICHED, rows, enriched.optional()));
    return all;
  }

  private static List<String> columns(Table table) {
    return table.schema().columns().stream().map(column -> column.name()).toList();
  }

  /** fct_orders in this test's dbt schema: its orders, and those with a channel. */
  private static List<Long> ordersWithChannel(int trinoPort) throws Exception {
    List<String> row = TrinoQuery.rows(trinoPort,
        "select count(*), count(channel) from iceberg." + DBT_SCHEMA + ".fct_orders").get(0);
    return row.stream().map(Long::valueOf).toList();
  }
}
