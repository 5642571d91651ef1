package dev.lakehouse.e2e.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.apache.iceberg.DataOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * When each row of an Iceberg table became visible: the commit time of the append snapshot that
 * added it. Reads only the rows each append added (compactions' replace snapshots add no new rows),
 * so it costs one pass over the data however many commits there were. Either once over the
 * snapshots a table still has ({@link #of}), or polled while the table is written
 * ({@link #watch}), so that snapshots that expiry removes during a run are counted too.
 */
final class SnapshotArrivals implements AutoCloseable {
  private static final long POLL_MILLIS = 500;

  private final Supplier<Table> table;
  private final String keyColumn;
  private final Map<String, Long> visibleAt = new ConcurrentHashMap<>();
  private final Set<Long> seen = new HashSet<>();
  private final Thread poller;
  private volatile boolean running = true;
  private volatile RuntimeException failure;

  private SnapshotArrivals(Supplier<Table> table, String keyColumn, boolean poll) {
    this.table = table;
    this.keyColumn = keyColumn;
    this.poller = poll ? new Thread(this::pollUntilClosed, "snapshot-arrivals-" + keyColumn) : null;
  }

  static Map<String, Long> of(Table table, String keyColumn) {
    SnapshotArrivals arrivals = new SnapshotArrivals(() -> table, keyColumn, false);
    arrivals.readNewAppends();
    return arrivals.visibleAt;
  }

  /** Polls {@code table} (loaded afresh each time) every half second until closed. */
  static SnapshotArrivals watch(Supplier<Table> table, String keyColumn) {
    SnapshotArrivals arrivals = new SnapshotArrivals(table, keyColumn, true);
    arrivals.poller.setDaemon(true);
    arrivals.poller.start();
    return arrivals;
  }

  /** The rows seen so far, key to commit time; a poll failure is thrown here. */
  Map<String, Long> visibleAt() {
    if (failure != null) {
      throw failure;
    }
    return visibleAt;
  }

  private void pollUntilClosed() {
    try {
      while (running) {
        readNewAppends();
        Thread.sleep(POLL_MILLIS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      failure = e;
    }
  }

  private synchronized void readNewAppends() {
    Table current = table.get();
    Deque<Snapshot> unseen = new ArrayDeque<>();
    for (Snapshot s = current.currentSnapshot(); s != null && !seen.contains(s.snapshotId());
        s = s.parentId() == null ? null : current.snapshot(s.parentId())) {
      unseen.push(s);
    }
    for (Snapshot snapshot : unseen) {
      if (DataOperations.APPEND.equals(snapshot.operation())) {
        readAddedRows(current, snapshot);
      }
      seen.add(snapshot.snapshotId());
    }
  }

  private void readAddedRows(Table current, Snapshot snapshot) {
    Long parent = snapshot.parentId();
    IcebergGenerics.ScanBuilder scan = IcebergGenerics.read(current).select(keyColumn);
    scan = parent != null && current.snapshot(parent) != null
        ? scan.appendsBetween(parent, snapshot.snapshotId())
        : scan.useSnapshot(snapshot.snapshotId());
    try (CloseableIterable<Record> rows = scan.build()) {
      for (Record row : rows) {
        visibleAt.putIfAbsent(String.valueOf(row.getField(keyColumn)), snapshot.timestampMillis());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + current.name() + " at snapshot " + snapshot.snapshotId(), e);
    }
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    poller.join(10_000);
  }
}
