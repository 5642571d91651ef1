package dev.lakehouse.maintenance.report;

import java.util.Map;

/**
 * The shape of a table's current snapshot: what maintenance is meant to improve; and which schema and
 * partition spec are current, and how many live data files were written with an older spec (after
 * a partition evolution, until compaction rewrites them).
 */
public record TableStats(
    long dataFiles,
    long deleteFiles,
    long bytes,
    long records,
    long smallFiles,
    long idealFiles,
    int partitions,
    long maxFilesPerPartition,
    Map<String, Long> filesPerPartition,
    int snapshots,
    int snapshotsPastMaxAge,
    int manifests,
    int schemaId,
    int specId,
    long filesOnOldSpecs) {

  public long averageFileBytes() {
    return dataFiles == 0 ? 0 : bytes / dataFiles;
  }

  public double smallFileShare() {
    return dataFiles == 0 ? 0 : (double) smallFiles / dataFiles;
  }
}
