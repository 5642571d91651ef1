package dev.lakehouse.maintenance.orphans;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.maintenance.support.TableContent;
import dev.lakehouse.maintenance.support.TestWarehouse;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OrphanCleanupTest {

  @Test
  void deletesOnlyOldUnreferencedFilesNeverReferencedOnesNorAnInFlightCommit(@TempDir Path dir) throws Exception {
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      Table table = warehouse.createEventsTable("events");
      Instant hour = Instant.now().truncatedTo(ChronoUnit.HOURS);
      List<List<Record>> committed = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        List<Record> rows = TestWarehouse.rows(i * 10L, 10, hour);
        committed.add(rows);
        TestWarehouse.append(table, List.of(TestWarehouse.writeFile(table, rows)), Map.of());
      }
      // replace one file, so an older snapshot alone references the replaced one
      DataFile replaced = table.currentSnapshot().addedDataFiles(table.io()).iterator().next();
      List<Record> replacementRows = TestWarehouse.rows(20, 10, hour);
      DataFile replacement = TestWarehouse.writeFile(table, replacementRows);
      table.newRewrite().deleteFile(replaced).addFile(replacement).commit();

      String stray = table.location() + "/data/stray-from-a-failed-job.parquet";
      try (OutputStream out = table.io().newOutputFile(stray).create()) {
        out.write(new byte[] {1, 2, 3});
      }
      // every file so far is ten days old, as if the table had been written long ago
      FileTime tenDaysAgo = FileTime.from(Instant.now().minus(10, ChronoUnit.DAYS));
      for (Path file : warehouse.objectsUnder(table.location())) {
        Files.setLastModifiedTime(file, tenDaysAgo);
      }
      // a sink commit in flight: written just now, committed only after the cleanup
      List<Record> inFlightRows = TestWarehouse.rows(1000, 10, hour);
      DataFile inFlight = TestWarehouse.writeFile(table, inFlightRows);

      OrphanCleaner cleaner = new OrphanCleaner(Clock.systemUTC());
      OrphanCleaner.Result dryRun = cleaner.clean(table, Duration.ofHours(1), true);
      assertThat(dryRun.orphans()).containsExactly(stray);
      assertThat(table.io().newInputFile(stray).exists()).isTrue();

      OrphanCleaner.Result result = cleaner.clean(table, Duration.ofHours(1), false);

      assertThat(result.orphans()).containsExactly(stray);
      assertThat(result.deleted()).isEqualTo(1);
      assertThat(table.io().newInputFile(stray).exists()).isFalse();
      assertThat(table.io().newInputFile(replaced.location()).exists())
          .as("a file only an older snapshot references").isTrue();
      TestWarehouse.append(table, List.of(inFlight), Map.of());
      List<List<Record>> expected = new ArrayList<>(committed.subList(0, 2));
      expected.add(replacementRows);
      expected.add(inFlightRows);
      assertThat(TableContent.of(table)).isEqualTo(TableContent.ofAll(expected));
      // time travel to the first snapshot still reads every file it references
      long first = java.util.stream.StreamSupport.stream(table.snapshots().spliterator(), false)
          .min(java.util.Comparator.comparingLong(org.apache.iceberg.Snapshot::sequenceNumber)).orElseThrow().snapshotId();
      assertThat(TableContent.of(org.apache.iceberg.data.IcebergGenerics.read(table).useSnapshot(first).build()))
          .isEqualTo(TableContent.ofAll(committed.subList(0, 1)));
    }
  }
}
