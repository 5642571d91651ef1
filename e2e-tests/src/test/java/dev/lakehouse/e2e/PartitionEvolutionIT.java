package dev.lakehouse.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.harness.EnrichedOrderBatches;
import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.Landing;
import dev.lakehouse.e2e.harness.MaintenanceJobRun;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.oracle.ExpectedTable;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.TableDiff;
import dev.lakehouse.testkit.TrinoQuery;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.Test;

/**
 * The partition spec of {@code orders_enriched} changed in place while the real Iceberg sink keeps
 * landing rows (services, Connect worker, connector and Trino): {@code maintenance-job partition-spec}
 * (the packaged CLI) with a batch in flight, batches after it, then a maintenance run beside another
 * batch in flight. The sink's files after the change carry the new spec; after the run no live file
 * is on the old one; every row produced is in the table exactly once, all columns; Trino answers a
 * fixed set of queries over the rows from before the change the same before and after.
 */
class PartitionEvolutionIT {
  private static final int BATCH = 500;
  private static final Duration LANDING_TIMEOUT = Duration.ofMinutes(3);
  private static final String TABLE = "lakehouse.orders_enriched";
  private static final String NEW_SPEC = "days(event_time), bucket(merchant_id, 4)";
  /** Over the rows of the first two batches (source_offset below the second argument): a total, per hour, a point, a range. */
  private static final List<String> FIXED_QUERIES = List.of(
      "select count(*), count(distinct event_id), sum(amount), min(event_time), max(event_time) from %1$s"
          + " where source_offset < %2$d",
      "select date_trunc('hour', event_time), count(*), sum(amount) from %1$s where source_offset < %2$d"
          + " group by 1 order by 1",
      "select merchant_id, count(*), sum(amount) from %1$s where source_offset < %2$d and merchant_id = 'pev-mer-7'"
          + " group by 1",
      "select event_id, amount, event_time from %1$s where source_offset < %2$d"
          + " and event_time < (select min(event_time) + interval '20' minute from %1$s) order by event_id");

  @Test
  void aSpecChangedUnderTheLiveSinkLosesAndDuplicatesNothing() throws Exception {
    EnrichedOrderBatches batches =
        new EnrichedOrderBatches("pev", BATCH, Instant.now().truncatedTo(ChronoUnit.HOURS).minus(2, ChronoUnit.HOURS));
    try (PipelineStack stack = PipelineStack.startSinkOnlyForTrino("partition-evolution");
        IcebergTables tables = new IcebergTables(stack.catalogProperties())) {
      CompletableFuture<Void> trino = stack.startTrino();
      for (int landed = 0; landed < 2; landed++) {
        batches.produce(stack);
        batches.awaitCommitted(tables, LANDING_TIMEOUT);
      }
      trino.get(stack.startupTimeout().toSeconds(), TimeUnit.SECONDS);
      Map<String, List<List<String>>> answersBefore = answers(stack.trinoPort());
      batches.produce(stack);  // in flight while the spec changes
      MaintenanceJobRun.Result changed = MaintenanceJobRun.command(stack, "partition-spec", "--table", TABLE, "--set", NEW_SPEC);
      assertThat(changed.exitCode()).as(changed.log()).isZero();
      assertThat(changed.log()).contains("changed hours(event_time) -> days(event_time), bucket(merchant_id, 4) (spec 1)");
      batches.awaitCommitted(tables, LANDING_TIMEOUT);
      batches.produce(stack);
      batches.awaitCommitted(tables, LANDING_TIMEOUT);
      Map<Integer, Long> filesBySpec = filesBySpec(tables.load(OutputTable.ORDERS_ENRICHED));
      assertThat(filesBySpec).as("live files per spec id before maintenance").containsKeys(0, 1);

      batches.produce(stack);  // in flight while maintenance rewrites the old files
      MaintenanceJobRun.Result run = MaintenanceJobRun.onStack(stack, Map.of(), "--tables", TABLE);
      assertThat(run.exitCode()).as("exit code of the maintenance run:\n%s", run.log()).isZero();
      assertThat(run.table(TABLE).path("after").path("filesOnOldSpecs").asLong()).as("old-spec files after the run").isZero();
      batches.produce(stack);

      ExpectedTable expected = new ExpectedTable(OutputTable.ORDERS_ENRICHED, batches.produced(), Map.of());
      Landing.awaitComplete(tables, Map.of(OutputTable.ORDERS_ENRICHED, expected), LANDING_TIMEOUT);
      assertThat(filesBySpec(tables.load(OutputTable.ORDERS_ENRICHED))).as("live files per spec id at the end")
          .containsOnlyKeys(1);
      Map<String, List<List<String>>> answersAfter = answers(stack.trinoPort());
      answersBefore.forEach((query, rows) -> {
        assertThat(rows).as("rows of: %s", query).isNotEmpty();
        assertThat(answersAfter.get(query)).as("Trino's answer after the change and the rewrite: %s", query)
            .isEqualTo(rows);
      });
      TableDiff diff = TableDiff.of(expected, tables.rows(OutputTable.ORDERS_ENRICHED));
      System.out.println("partition evolution under the live sink: " + diff.report());
      assertThat(diff.duplicated()).as("duplicated event_ids").isEmpty();
      assertThat(diff.lost()).as("lost event_ids").isEmpty();
      assertThat(diff.matches()).as(diff.report()).isTrue();
    }
  }

  /** Trino's answers to the fixed queries, over the rows landed before the spec change (the first two batches). */
  private static Map<String, List<List<String>>> answers(int trinoPort) throws Exception {
    Map<String, List<List<String>>> answers = new LinkedHashMap<>();
    for (String query : FIXED_QUERIES) {
      answers.put(query, TrinoQuery.rows(trinoPort, query.formatted("iceberg.lakehouse.orders_enriched", 2 * BATCH)));
    }
    return answers;
  }

  private static Map<Integer, Long> filesBySpec(Table table) throws Exception {
    Map<Integer, Long> files = new HashMap<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      tasks.forEach(task -> files.merge(task.file().specId(), 1L, Long::sum));
    }
    return files;
  }
}
