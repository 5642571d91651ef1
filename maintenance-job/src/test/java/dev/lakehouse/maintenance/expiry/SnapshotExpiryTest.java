package dev.lakehouse.maintenance.expiry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.maintenance.lock.TableLease;
import dev.lakehouse.maintenance.support.SinkOffsets;
import dev.lakehouse.maintenance.support.TableContent;
import dev.lakehouse.maintenance.support.TestWarehouse;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.stream.StreamSupport;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SnapshotExpiryTest {
  static final String SINK_KEY = SinkOffsets.SINK_KEY;
  static final String OTHER_SINK_KEY = "kafka.connect.offsets.control-iceberg.connect-other-sink";
  static final Clock LATER = Clock.offset(Clock.systemUTC(), Duration.ofDays(30));

  @Test
  void keepsAtMostMaxSnapshotsHoweverYoungExceptTheSinksLatestOffsetsAndTheWalkToIt(@TempDir Path dir) throws Exception {
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      Table table = warehouse.createEventsTable("frequent_commits");
      // ten sink commits, then five snapshots of another writer (no offsets), all within the age
      List<List<Record>> written = appendSnapshots(table, 15,
          i -> i < 10 ? Map.of(SINK_KEY, "{\"0\":" + i + "}", "kafka.connect.commit-id", "c" + i) : Map.of());
      List<Snapshot> snapshots = ancestorsOldestFirst(table);

      SnapshotExpirer.Result result = new SnapshotExpirer(Clock.systemUTC()).expire(table, Duration.ofDays(5), 2, 4, false);

      table.refresh();
      // the newest 4 are the other writer's; the sink's latest offsets (10th) and the walk to it stay too
      assertThat(ancestorsOldestFirst(table)).extracting(Snapshot::snapshotId)
          .containsExactlyElementsOf(snapshots.subList(9, 15).stream().map(Snapshot::snapshotId).toList());
      assertThat(result.expiredSnapshotIds()).containsExactlyInAnyOrderElementsOf(
          snapshots.subList(0, 9).stream().map(Snapshot::snapshotId).toList());
      assertThat(offsetsAsTheSinkReadsThem(table, SINK_KEY)).isEqualTo("{\"0\":9}");
      assertThat(TableContent.of(table)).isEqualTo(TableContent.ofAll(written));
    }
  }

  @Test
  void keepsTheLatestSinkOffsetsSnapshotAndTheWalkToItWhileExpiringOlderOnes(@TempDir Path dir) throws Exception {
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      Table table = warehouse.createEventsTable("events");
      // other sink's offsets only in the first snapshot; ours in 2..4; then two appends without offsets
      List<List<Record>> written = appendSnapshots(table, 7, i -> i == 0 ? Map.of(OTHER_SINK_KEY, "{\"0\":1}")
          : i <= 4 ? Map.of(SINK_KEY, "{\"0\":" + (i * 100) + "}", "kafka.connect.commit-id", "c" + i)
          : Map.of());
      List<Snapshot> snapshots = ancestorsOldestFirst(table);
      long latestOffsets = snapshots.get(4).snapshotId();
      long otherSinkOffsets = snapshots.get(0).snapshotId();

      SnapshotExpirer.Result result = new SnapshotExpirer(LATER).expire(table, Duration.ZERO, 1, Integer.MAX_VALUE, false);

      table.refresh();
      assertThat(result.protectedSnapshotIds()).containsExactlyInAnyOrder(latestOffsets, otherSinkOffsets);
      // the oldest protected one is the other sink's: everything from it to the head stays
      assertThat(table.snapshots()).hasSize(7);
      assertThat(result.expiredSnapshotIds()).isEmpty();
      assertThat(SinkOffsets.asTheSinkReadsThem(table, SINK_KEY)).isEqualTo("{\"0\":400}");
      assertThat(TableContent.of(table)).isEqualTo(TableContent.ofAll(written));
    }
  }

  @Test
  void expiresEverythingOlderThanTheSinkWalkButNotTheWalk(@TempDir Path dir) throws Exception {
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      Table table = warehouse.createEventsTable("events");
      List<List<Record>> written = appendSnapshots(table, 6,
          i -> i <= 3 ? Map.of(SINK_KEY, "{\"0\":" + (i * 100) + "}") : Map.of());
      List<Snapshot> snapshots = ancestorsOldestFirst(table);

      SnapshotExpirer.Result dryRun = new SnapshotExpirer(LATER).expire(table, Duration.ZERO, 1, Integer.MAX_VALUE, true);
      assertThat(table.snapshots()).hasSize(6);

      SnapshotExpirer.Result result = new SnapshotExpirer(LATER).expire(table, Duration.ZERO, 1, Integer.MAX_VALUE, false);

      table.refresh();
      List<Long> expectedExpired = snapshots.subList(0, 3).stream().map(Snapshot::snapshotId).toList();
      assertThat(dryRun.expiredSnapshotIds()).containsExactlyInAnyOrderElementsOf(expectedExpired);
      assertThat(result.expiredSnapshotIds()).containsExactlyInAnyOrderElementsOf(expectedExpired);
      assertThat(ids(table)).containsExactlyInAnyOrderElementsOf(
          snapshots.subList(3, 6).stream().map(Snapshot::snapshotId).toList());
      assertThat(SinkOffsets.asTheSinkReadsThem(table, SINK_KEY)).isEqualTo("{\"0\":300}");
      // fast appends keep every file live: expiry must not have deleted any of them
      assertThat(TableContent.of(table)).isEqualTo(TableContent.ofAll(written));
    }
  }

  @Test
  void keepsTheStartSnapshotOfARunningCompaction(@TempDir Path dir) throws Exception {
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      Table table = warehouse.createEventsTable("events");
      Instant hour = Instant.now().truncatedTo(ChronoUnit.HOURS);
      for (int i = 0; i < 5; i++) {
        if (i == 2) {
          // another run takes the lease (and so starts its compaction) at the second snapshot
          TableLease.tryAcquire(warehouse.newCatalog().loadTable(org.apache.iceberg.catalog.TableIdentifier.of("lakehouse", "events")),
              "other-run", "op-1", Duration.ofMinutes(10), Clock.systemUTC()).lease().orElseThrow();
        }
        TestWarehouse.append(table, List.of(TestWarehouse.writeFile(table, TestWarehouse.rows(i * 10L, 10, hour))), Map.of());
      }
      List<Snapshot> snapshots = ancestorsOldestFirst(table);

      SnapshotExpirer.Result result = new SnapshotExpirer(LATER).expire(table, Duration.ZERO, 1, Integer.MAX_VALUE, false);

      table.refresh();
      assertThat(result.protectedSnapshotIds()).containsExactly(snapshots.get(1).snapshotId());
      assertThat(result.expiredSnapshotIds()).containsExactly(snapshots.get(0).snapshotId());
      assertThat(table.snapshot(snapshots.get(1).snapshotId())).isNotNull();
    }
  }

  /** {@code count} appends of 10 rows each, snapshot i with summary(i); returns the rows of each. */
  static List<List<Record>> appendSnapshots(Table table, int count, IntFunction<Map<String, String>> summary)
      throws IOException {
    Instant hour = Instant.now().truncatedTo(ChronoUnit.HOURS);
    List<List<Record>> written = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      List<Record> rows = TestWarehouse.rows(i * 10L, 10, hour);
      written.add(rows);
      TestWarehouse.append(table, List.of(TestWarehouse.writeFile(table, rows)), summary.apply(i));
    }
    return written;
  }

  /** The Iceberg sink's own lookup: walk back from the current snapshot to the first with the key. */
  static String offsetsAsTheSinkReadsThem(Table table, String key) {
    Snapshot snapshot = table.currentSnapshot();
    while (snapshot != null) {
      if (snapshot.summary().containsKey(key)) {
        return snapshot.summary().get(key);
      }
      snapshot = snapshot.parentId() == null ? null : table.snapshot(snapshot.parentId());
    }
    return null;
  }

  static List<Snapshot> ancestorsOldestFirst(Table table) {
    List<Snapshot> list = new ArrayList<>();
    Snapshot s = table.currentSnapshot();
    while (s != null) {
      list.add(0, s);
      s = s.parentId() == null ? null : table.snapshot(s.parentId());
    }
    return list;
  }

  static List<Long> ids(Table table) {
    return StreamSupport.stream(table.snapshots().spliterator(), false).map(Snapshot::snapshotId).toList();
  }
}
