package dev.lakehouse.e2e.harness;

import dev.lakehouse.e2e.oracle.OutputTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;

/**
 * What a maintenance run may change and what it must not, read through the Glue catalog: data
 * files per partition, snapshots, the sink's latest offsets snapshot, and the rows (every column)
 * with a checksum of their content.
 */
public record TableState(
    String metadataLocation,
    Map<String, Integer> filesPerPartition,
    Set<Long> snapshotIds,
    Long latestOffsetsSnapshotId,
    Map<String, String> properties,
    long rows,
    String contentChecksum) {

  /** The sink writes its control-topic offsets into the summary under this prefix. */
  public static final String OFFSETS_SUMMARY_PREFIX = "kafka.connect.offsets.";

  public static TableState read(IcebergTables tables, OutputTable outputTable) {
    return of(tables.load(outputTable), tables.rows(outputTable));
  }

  /** @param tableRows every row of the table's current snapshot, as {@link IcebergTables#rows} reads them */
  public static TableState of(Table table, List<Map<String, Object>> tableRows) {
    List<String> rows = tableRows.stream().map(Object::toString).sorted().toList();
    return new TableState(
        ((HasTableOperations) table).operations().current().metadataFileLocation(),
        filesPerPartition(table),
        StreamSupport.stream(table.snapshots().spliterator(), false).map(Snapshot::snapshotId).collect(Collectors.toSet()),
        latestOffsetsSnapshot(table),
        Map.copyOf(table.properties()),
        rows.size(),
        sha256(rows));
  }

  public int dataFiles() {
    return filesPerPartition.values().stream().mapToInt(Integer::intValue).sum();
  }

  /** The newest snapshot whose summary carries the sink's offsets (found here by sequence number, not by the job's walk). */
  private static Long latestOffsetsSnapshot(Table table) {
    Snapshot latest = null;
    for (Snapshot snapshot : table.snapshots()) {
      boolean carriesOffsets = snapshot.summary().keySet().stream().anyMatch(k -> k.startsWith(OFFSETS_SUMMARY_PREFIX));
      if (carriesOffsets && (latest == null || snapshot.sequenceNumber() > latest.sequenceNumber())) {
        latest = snapshot;
      }
    }
    return latest == null ? null : latest.snapshotId();
  }

  private static Map<String, Integer> filesPerPartition(Table table) {
    Map<String, Integer> files = new TreeMap<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      for (FileScanTask task : tasks) {
        files.merge(table.specs().get(task.file().specId()).partitionToPath(task.file().partition()), 1, Integer::sum);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the data files of " + table.name() + ": " + e.getMessage(), e);
    }
    return files;
  }

  private static String sha256(List<String> sortedRows) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      sortedRows.forEach(row -> digest.update((row + "\n").getBytes(StandardCharsets.UTF_8)));
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Cannot compute SHA-256: " + e.getMessage(), e);
    }
  }
}
