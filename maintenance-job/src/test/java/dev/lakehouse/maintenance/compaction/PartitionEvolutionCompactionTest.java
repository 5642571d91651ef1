package dev.lakehouse.maintenance.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.maintenance.report.TableReport;
import dev.lakehouse.maintenance.run.RunOptions;
import dev.lakehouse.maintenance.run.TableMaintenance;
import dev.lakehouse.maintenance.support.TableContent;
import dev.lakehouse.maintenance.support.TestConfig;
import dev.lakehouse.maintenance.support.TestWarehouse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.InternalRecordWrapper;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * After a partition evolution ({@code hour(event_time)} to {@code hour(event_time), bucket(id, 4)}),
 * compaction rewrites every file of the old spec into the current one, each row into its partition
 * there, even files too few or too big to be compacted otherwise; rows unchanged.
 */
class PartitionEvolutionCompactionTest {
  @Test
  void rewritesEveryFileOfAnOlderSpecIntoTheCurrentSpec(@TempDir Path dir) throws Exception {
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      Table table = warehouse.createEventsTable("evolving");
      Instant currentHour = Instant.now().truncatedTo(ChronoUnit.HOURS);
      List<List<Record>> written = new ArrayList<>();
      // four files on spec 0 in two sealed hours: fewer than compaction's min-input-files
      for (int file = 0; file < 4; file++) {
        written.add(TestWarehouse.rows(file * 10L, 10, currentHour.minus(3 + file % 2, ChronoUnit.HOURS)));
      }
      for (List<Record> rows : written) {
        TestWarehouse.append(table, List.of(TestWarehouse.writeFile(table, rows)), Map.of());
      }
      table.updateSpec().addField(Expressions.bucket("id", 4)).commit();
      // a writer on the new spec meanwhile: the current hour, one bucket
      List<Record> hot = TestWarehouse.rows(1000, 1, currentHour);
      written.add(hot);
      TestWarehouse.append(table, List.of(TestWarehouse.writeFile(table, hot)), Map.of());
      TableContent expected = TableContent.ofAll(written);

      MaintenanceConfig config = TestConfig.load(dir, warehouse, TestConfig.COMPACTION_ONLY);
      Clock clock = Clock.fixed(currentHour.plus(10, ChronoUnit.MINUTES), ZoneOffset.UTC);
      TableReport report = new TableMaintenance(config, RunOptions.create(false), clock, () -> false)
          .maintain(warehouse.catalog(), TableIdentifier.of(TestWarehouse.NAMESPACE, "evolving"));

      assertThat(report.errors()).isEmpty();
      assertThat(report.status()).isEqualTo(TableReport.Status.OK);
      assertThat(report.before().filesOnOldSpecs()).isEqualTo(4);
      assertThat(report.after().filesOnOldSpecs()).isZero();
      table.refresh();
      assertThat(TableContent.of(table)).isEqualTo(expected);
      // one file per partition of the current spec that the old rows fall into, plus the hot file
      Set<String> expectedPartitions = partitionsInCurrentSpec(table, written);
      Set<String> actualPartitions = new TreeSet<>();
      try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
        for (FileScanTask task : tasks) {
          assertThat(task.file().specId()).isEqualTo(table.spec().specId());
          actualPartitions.add(table.spec().partitionToPath(task.file().partition()));
        }
      }
      assertThat(actualPartitions).isEqualTo(expectedPartitions).hasSizeGreaterThan(3);
      assertThat(report.after().dataFiles()).isEqualTo(expectedPartitions.size());
    }
  }

  private static Set<String> partitionsInCurrentSpec(Table table, List<List<Record>> rows) {
    PartitionKey key = new PartitionKey(table.spec(), table.schema());
    InternalRecordWrapper wrapper = new InternalRecordWrapper(table.schema().asStruct());
    Set<String> partitions = new TreeSet<>();
    rows.forEach(batch -> batch.forEach(row -> {
      key.partition(wrapper.wrap(row));
      partitions.add(table.spec().partitionToPath(key));
    }));
    return partitions;
  }
}
