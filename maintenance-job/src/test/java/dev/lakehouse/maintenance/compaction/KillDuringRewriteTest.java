package dev.lakehouse.maintenance.compaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lakehouse.maintenance.cli.MaintenanceJob;
import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.maintenance.lock.TableLease;
import dev.lakehouse.maintenance.report.RunReport;
import dev.lakehouse.maintenance.report.TableReport;
import dev.lakehouse.maintenance.run.MaintenanceRun;
import dev.lakehouse.maintenance.support.TableContent;
import dev.lakehouse.maintenance.support.TestConfig;
import dev.lakehouse.maintenance.support.TestWarehouse;
import dev.lakehouse.testkit.ChildProcess;
import dev.lakehouse.testkit.JavaCommand;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.FileInfo;
import org.apache.iceberg.io.SupportsPrefixOperations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A maintenance JVM killed with SIGKILL while it rewrites files, then a second run on the same table. */
class KillDuringRewriteTest {
  static final TableIdentifier EVENTS = TableIdentifier.of("lakehouse", "events");

  @Test
  void aRunKilledMidRewriteLosesNothingAndTheNextRunCleansUpAndFinishes(@TempDir Path dir) throws Exception {
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      Table table = warehouse.createEventsTable("events");
      Instant currentHour = Instant.now().truncatedTo(ChronoUnit.HOURS);
      List<List<Record>> committed = new ArrayList<>();
      long id = 0;
      for (int hoursAgo = 4; hoursAgo >= 2; hoursAgo--) {
        List<DataFile> files = new ArrayList<>();
        for (int f = 0; f < 16; f++) {
          List<Record> rows = TestWarehouse.rows(id, 600, currentHour.minus(hoursAgo, ChronoUnit.HOURS));
          id += 600;
          committed.add(rows);
          files.add(TestWarehouse.writeFile(table, rows));
        }
        TestWarehouse.append(table, files, Map.of());
      }
      TableContent expected = TableContent.ofAll(committed);
      Path config = TestConfig.write(dir.resolve("maintenance.yaml"), warehouse, """
          lock:
            ttl: 3s
            wait: 60s
          compaction:
            target-file-size-bytes: 65536
          manifests: {enabled: false}
          expiry: {enabled: false}
          orphans: {enabled: false}
          """);

      // the kill races the group's commit: when the commit wins, kill the next run's rewrite instead
      Set<String> leftovers = Set.of();
      for (int attempt = 0; attempt < 3 && leftovers.isEmpty(); attempt++) {
        String operationId = killDuringRewrite(warehouse, config, dir.resolve("child-" + attempt + ".log"));
        leftovers = filesNamedFor(table, operationId);
        leftovers.removeAll(everyFileEverCommitted(table));
      }
      assertThat(leftovers).as("files the killed run wrote but never committed").isNotEmpty();
      assertThat(TableContent.of(table)).isEqualTo(expected);

      MaintenanceConfig rerunConfig = dev.lakehouse.maintenance.config.ConfigLoader.load(config, Map.of());
      RunReport rerun = new MaintenanceRun(rerunConfig, Clock.systemUTC(), () -> false).run(warehouse.catalog(), false);

      TableReport report = rerun.tables().get(0);
      assertThat(report.errors()).isEmpty();
      assertThat(report.status()).isEqualTo(TableReport.Status.OK);
      assertThat(report.leftoversDeleted()).containsExactlyInAnyOrderElementsOf(leftovers);
      for (String leftover : leftovers) {
        assertThat(table.io().newInputFile(leftover).exists()).as(leftover).isFalse();
      }
      assertThat(TableContent.of(table)).isEqualTo(expected);
      assertThat(CompactionTest.filesPerPartition(table).values()).hasSize(3).allSatisfy(n -> assertThat(n).isLessThan(16));
      table.refresh();
      assertThat(table.properties()).doesNotContainKey(TableLease.OWNER);
    }
  }

  /** Starts the job in a child JVM and kills it (SIGKILL) once it has written output it has not committed. */
  static String killDuringRewrite(TestWarehouse warehouse, Path config, Path log) throws Exception {
    try (ChildProcess child = JavaCommand.onThisClasspath(MaintenanceJob.class).heap("256m")
        .args("run", "--config", config.toString(), "--once").start(log)) {
      Table observed = warehouse.newCatalog().loadTable(EVENTS);
      String operationId = await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(20))
          .until(() -> uncommittedOutputOfTheRunningRun(observed), Optional::isPresent).orElseThrow();
      child.kill();
      return operationId;
    }
  }

  /** The running run's operation id once one of its output files exists that no commit added yet. */
  static Optional<String> uncommittedOutputOfTheRunningRun(Table table) {
    table.refresh();
    String operationId = table.properties().get(TableLease.OPERATION_ID);
    if (operationId == null) {
      return Optional.empty();
    }
    long committedOutputs = 0;
    for (Snapshot s : table.snapshots()) {
      if (operationId.equals(s.summary().get(GroupCommitter.RUN_ID_SUMMARY))) {
        committedOutputs += Long.parseLong(s.summary().getOrDefault("added-data-files", "0"));
      }
    }
    return filesNamedFor(table, operationId).size() > committedOutputs ? Optional.of(operationId) : Optional.empty();
  }

  /**
   * The objects the store lists under the table whose names carry the operation id. Listed over the
   * S3 API, not the server's disk: an upload the kill cut short is only a temporary file there, never
   * an object, and the next run could not (and need not) delete it.
   */
  static Set<String> filesNamedFor(Table table, String operationId) {
    Set<String> files = new HashSet<>();
    for (FileInfo file : ((SupportsPrefixOperations) table.io()).listPrefix(table.location())) {
      if (file.location().substring(file.location().lastIndexOf('/') + 1).contains("-" + operationId + "-")) {
        files.add(file.location());
      }
    }
    return files;
  }

  static Set<String> everyFileEverCommitted(Table table) {
    table.refresh();
    Set<String> files = new HashSet<>();
    for (Snapshot s : table.snapshots()) {
      s.addedDataFiles(table.io()).forEach(f -> files.add(f.location()));
    }
    return files;
  }
}
