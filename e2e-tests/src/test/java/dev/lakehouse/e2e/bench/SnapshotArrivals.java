package dev.lakehouse.e2e.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/** When each row of an Iceberg table became visible: the commit time of the first snapshot holding it. */
final class SnapshotArrivals {
  private SnapshotArrivals() {}

  static Map<String, Long> of(Table table, String keyColumn) {
    Map<String, Long> visibleAt = new HashMap<>();
    StreamSupport.stream(table.snapshots().spliterator(), false)
        .sorted(Comparator.comparingLong(Snapshot::sequenceNumber))
        .forEach(snapshot -> {
          try (CloseableIterable<Record> rows =
              IcebergGenerics.read(table).useSnapshot(snapshot.snapshotId()).select(keyColumn).build()) {
            for (Record row : rows) {
              visibleAt.putIfAbsent(String.valueOf(row.getField(keyColumn)), snapshot.timestampMillis());
            }
          } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + table.name() + " at snapshot " + snapshot.snapshotId(), e);
          }
        });
    return visibleAt;
  }
}
