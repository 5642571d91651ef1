package dev.lakehouse.maintenance.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.conventions.DurationFormat;
import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.maintenance.report.RunReport;
import dev.lakehouse.maintenance.report.TableReport;
import dev.lakehouse.maintenance.run.MaintenanceRun;
import dev.lakehouse.maintenance.support.TableContent;
import dev.lakehouse.maintenance.support.TestConfig;
import dev.lakehouse.maintenance.support.TestWarehouse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.Record;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Maintenance beside a writer that commits every second, as the sink does, for a configurable
 * while ({@code -Dmaintenance.it.live-writer-duration=10m}; 45s by default to fit CI).
 */
class LiveWriterCompactionTest {
  static final String SINK_KEY = "kafka.connect.offsets.control-iceberg.connect-lakehouse-sink";
  static final TableIdentifier EVENTS = TableIdentifier.of("lakehouse", "events");
  static final Duration PAUSE_BETWEEN_RUNS = Duration.ofSeconds(2);
  static final Duration DURATION = DurationFormat.parse("maintenance.it.live-writer-duration",
      System.getProperty("maintenance.it.live-writer-duration", "45s"));

  @Test
  void compactionBesideALiveWriterLosesAndDuplicatesNothing(@TempDir Path dir) throws Exception {
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      Table table = warehouse.createEventsTable("events");
      Instant currentHour = Instant.now().truncatedTo(ChronoUnit.HOURS);
      List<List<Record>> committed = new CopyOnWriteArrayList<>();
      AtomicLong nextId = new AtomicLong();
      for (int hoursAgo = 4; hoursAgo >= 2; hoursAgo--) {
        List<org.apache.iceberg.DataFile> files = new ArrayList<>();
        for (int f = 0; f < 12; f++) {
          List<Record> rows = TestWarehouse.rows(nextId.getAndAdd(40), 40, currentHour.minus(hoursAgo, ChronoUnit.HOURS));
          files.add(TestWarehouse.writeFile(table, rows));
          committed.add(rows);
        }
        for (org.apache.iceberg.DataFile file : files) {
          TestWarehouse.append(table, List.of(file), Map.of());
        }
      }

      Table writerTable = warehouse.newCatalog().loadTable(EVENTS);
      AtomicLong offsets = new AtomicLong();
      AtomicReference<Throwable> writerFailure = new AtomicReference<>();
      ScheduledExecutorService writer = Executors.newSingleThreadScheduledExecutor();
      writer.scheduleWithFixedDelay(() -> {
        try {
          List<Record> rows = TestWarehouse.rows(nextId.getAndAdd(40), 40, currentHour);
          long offset = offsets.get() + rows.size();
          TestWarehouse.append(writerTable, List.of(TestWarehouse.writeFile(writerTable, rows)),
              Map.of(SINK_KEY, "{\"0\":" + offset + "}"));
          offsets.set(offset);
          committed.add(rows);
        } catch (Throwable t) {
          writerFailure.compareAndSet(null, t);
        }
      }, 0, 1, TimeUnit.SECONDS);

      MaintenanceConfig config = TestConfig.load(dir, warehouse, """
          sink:
            commit-interval: 1s
            commit-timeout: 1s
          compaction:
            target-file-size-bytes: 8388608
            hot-partition-min-small-files: 8
            commit-backoff: 100ms
          manifests:
            max-manifests: 10
          expiry:
            max-snapshot-age: 5s
            min-snapshots: 3
          orphans:
            min-age: 1h
          """);
      MaintenanceRun run = new MaintenanceRun(config, Clock.systemUTC(), () -> false);
      List<RunReport> reports = new ArrayList<>();
      long deadline = System.nanoTime() + DURATION.toNanos();
      try {
        while (System.nanoTime() < deadline && writerFailure.get() == null) {
          RunReport report = run.run(warehouse.catalog(), false);
          System.out.print(dev.lakehouse.maintenance.report.ReportWriter.text(report));
          reports.add(report);
          // a scheduler's pause between passes (--every); back-to-back passes would crowd the sink's commits
          Thread.sleep(PAUSE_BETWEEN_RUNS.toMillis());
        }
      } finally {
        writer.shutdown();
        assertThat(writer.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
      }
      assertThat(writerFailure.get()).isNull();
      reports.add(run.run(warehouse.catalog(), false));

      assertThat(reports).allSatisfy(r -> assertThat(r.tables()).allSatisfy(t -> {
        assertThat(t.errors()).isEmpty();
        assertThat(t.status()).isEqualTo(TableReport.Status.OK);
      }));
      table.refresh();
      assertThat(TableContent.of(table)).isEqualTo(TableContent.ofAll(committed));
      Map<String, Long> files = CompactionTest.filesPerPartition(table);
      String hot = CompactionTest.hourPath(currentHour);
      files.forEach((partition, count) -> {
        if (!partition.equals(hot)) {
          assertThat(count).as("files in sealed partition %s", partition).isEqualTo(1);
        }
      });
      assertThat(files).hasSize(4);
      int hotGroups = reports.stream().flatMap(r -> r.tables().stream())
          .mapToInt(t -> t.compaction().groupsCommitted()).sum() - 3;
      long appended = committed.size() - 36;
      assertThat(hotGroups).as("hot partition compactions").isPositive();
      assertThat(files.get(hot)).isLessThan(appended);
      assertThat(offsetsAsTheSinkReadsThem(table)).isEqualTo("{\"0\":" + offsets.get() + "}");
    }
  }

  static String offsetsAsTheSinkReadsThem(Table table) {
    for (Snapshot s = table.currentSnapshot(); s != null; s = s.parentId() == null ? null : table.snapshot(s.parentId())) {
      if (s.summary().containsKey(SINK_KEY)) {
        return s.summary().get(SINK_KEY);
      }
    }
    return null;
  }
}
