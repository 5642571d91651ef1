package dev.lakehouse.maintenance.report;

import dev.lakehouse.maintenance.config.TaskSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;

/** Reads {@link TableStats} from a table's current snapshot (metadata only, no data file is opened). */
public final class TableStatsCollector {
  private TableStatsCollector() {}

  public static TableStats collect(Table table, TaskSettings settings, long nowMs) {
    long targetFileSizeBytes = settings.targetFileSizeBytes();
    long smallFileBytes = settings.smallFileBytes();
    table.refresh();
    Snapshot current = table.currentSnapshot();
    int snapshots = 0;
    int pastMaxAge = 0;
    for (Snapshot snapshot : table.snapshots()) {
      snapshots++;
      if (snapshot.timestampMillis() < nowMs - settings.maxSnapshotAge().toMillis()) {
        pastMaxAge++;
      }
    }
    if (current == null) {
      return new TableStats(0, 0, 0, 0, 0, 0, 0, 0, Map.of(), snapshots, pastMaxAge, 0, table.schema().schemaId(),
          table.spec().specId(), 0);
    }
    Map<String, Long> filesPerPartition = new TreeMap<>();
    Map<String, Long> bytesPerPartition = new HashMap<>();
    long files = 0;
    long deletes = 0;
    long bytes = 0;
    long records = 0;
    long small = 0;
    long onOldSpecs = 0;
    try (CloseableIterable<FileScanTask> tasks = table.newScan().useSnapshot(current.snapshotId()).planFiles()) {
      for (FileScanTask task : tasks) {
        PartitionSpec spec = table.specs().get(task.file().specId());
        String partition = spec.isUnpartitioned() ? "(unpartitioned)" : spec.partitionToPath(task.file().partition());
        files++;
        deletes += task.deletes().size();
        bytes += task.file().fileSizeInBytes();
        records += task.file().recordCount();
        if (task.file().fileSizeInBytes() < smallFileBytes) {
          small++;
        }
        if (task.file().specId() != table.spec().specId()) {
          onOldSpecs++;
        }
        filesPerPartition.merge(partition, 1L, Long::sum);
        bytesPerPartition.merge(partition, task.file().fileSizeInBytes(), Long::sum);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the files of " + table.name() + ": " + e.getMessage(), e);
    }
    long ideal = bytesPerPartition.values().stream()
        .mapToLong(b -> Math.max(1, (b + targetFileSizeBytes - 1) / targetFileSizeBytes)).sum();
    long maxPerPartition = filesPerPartition.values().stream().mapToLong(Long::longValue).max().orElse(0);
    int manifests = current.allManifests(table.io()).size();
    return new TableStats(files, deletes, bytes, records, small, ideal, filesPerPartition.size(), maxPerPartition,
        filesPerPartition, snapshots, pastMaxAge, manifests, table.schema().schemaId(), table.spec().specId(), onOldSpecs);
  }
}
