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
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.Record;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompactionTest {
  @Test
  void compactsSealedPartitionsToOneFileAndLeavesAQuietHotPartitionAlone(@TempDir Path dir) throws Exception {
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      Table table = warehouse.createEventsTable("events");
      Instant now = Instant.now();
      Instant currentHour = now.truncatedTo(ChronoUnit.HOURS);
      List<List<Record>> written = new ArrayList<>();
      long id = 0;
      for (int hoursAgo = 3; hoursAgo >= 1; hoursAgo--) {
        for (int f = 0; f < 10; f++) {
          written.add(TestWarehouse.rows(id, 50, currentHour.minus(hoursAgo, ChronoUnit.HOURS)));
          id += 50;
        }
      }
      for (int f = 0; f < 5; f++) {
        written.add(TestWarehouse.rows(id, 50, currentHour));
        id += 50;
      }
      for (List<Record> rows : written) {
        TestWarehouse.append(table, List.of(TestWarehouse.writeFile(table, rows)), Map.of());
      }
      TableContent expected = TableContent.ofAll(written);
      assertThat(TableContent.of(table)).isEqualTo(expected);

      MaintenanceConfig config = TestConfig.load(dir, warehouse, TestConfig.COMPACTION_ONLY);
      // a clock 30 minutes into the next hour: the hour before the current one is sealed too
      Clock clock = Clock.fixed(currentHour.plus(90, ChronoUnit.MINUTES).minus(1, ChronoUnit.HOURS), java.time.ZoneOffset.UTC);
      TableReport report = new TableMaintenance(config, RunOptions.create(false), clock, () -> false)
          .maintain(warehouse.catalog(), TableIdentifier.of("lakehouse", "events"));

      assertThat(report.errors()).isEmpty();
      assertThat(report.status()).isEqualTo(TableReport.Status.OK);
      table.refresh();
      assertThat(TableContent.of(table)).isEqualTo(expected);
      Map<String, Long> files = filesPerPartition(table);
      String hot = hourPath(currentHour);
      assertThat(files).hasSize(4);
      files.forEach((partition, count) -> {
        if (partition.equals(hot)) {
          assertThat(count).as("hot partition %s", partition).isEqualTo(5);
        } else {
          assertThat(count).as("sealed partition %s", partition).isEqualTo(1);
        }
      });
      assertThat(report.compaction().groupsCommitted()).isEqualTo(3);
      assertThat(report.compaction().filesRewritten()).isEqualTo(30);
      assertThat(report.compaction().deferredHotPartitions()).containsExactly(hot);
      assertThat(report.before().dataFiles()).isEqualTo(35);
      assertThat(report.after().dataFiles()).isEqualTo(8);
    }
  }

  static Map<String, Long> filesPerPartition(Table table) throws Exception {
    Map<String, Long> files = new java.util.TreeMap<>();
    try (var tasks = table.newScan().planFiles()) {
      for (var task : tasks) {
        DataFile file = task.file();
        files.merge(table.spec().partitionToPath(file.partition()), 1L, Long::sum);
      }
    }
    return files;
  }

  static String hourPath(Instant hour) {
    return "event_time_hour=" + java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd-HH")
        .withZone(java.time.ZoneOffset.UTC).format(hour);
  }

  @Test
  void aStoppedRunKeepsTheGroupsItCommitted(@TempDir Path dir) throws Exception {
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      Table table = warehouse.createEventsTable("events");
      Instant currentHour = Instant.now().truncatedTo(ChronoUnit.HOURS);
      List<List<Record>> written = new ArrayList<>();
      for (int hoursAgo = 4; hoursAgo >= 2; hoursAgo--) {
        List<DataFile> files = new ArrayList<>();
        for (int f = 0; f < 4; f++) {
          List<Record> rows = TestWarehouse.rows(hoursAgo * 1000L + f * 10, 10, currentHour.minus(hoursAgo, ChronoUnit.HOURS));
          written.add(rows);
          files.add(TestWarehouse.writeFile(table, rows));
        }
        TestWarehouse.append(table, files, Map.of());
      }
      MaintenanceConfig config = TestConfig.load(dir, warehouse, TestConfig.COMPACTION_ONLY);
      java.util.concurrent.atomic.AtomicInteger checks = new java.util.concurrent.atomic.AtomicInteger();
      // the stop request arrives while the first group is being rewritten
      TableReport report = new TableMaintenance(config, RunOptions.create(false), Clock.systemUTC(),
          () -> checks.incrementAndGet() > 1).maintain(warehouse.catalog(), TableIdentifier.of("lakehouse", "events"));

      assertThat(report.compaction().stopped()).isTrue();
      assertThat(report.compaction().groupsPlanned()).isEqualTo(3);
      assertThat(report.compaction().groupsCommitted()).isEqualTo(1);
      table.refresh();
      assertThat(filesPerPartition(table).values()).containsExactly(1L, 4L, 4L);
      assertThat(TableContent.of(table)).isEqualTo(TableContent.ofAll(written));
      assertThat(table.properties()).doesNotContainKey(dev.lakehouse.maintenance.lock.TableLease.OWNER);
    }
  }
}
