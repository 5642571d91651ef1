package dev.lakehouse.maintenance.erasure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;

/**
 * Finds the live data files of a snapshot that hold rows of the customers. Column metrics prune
 * the files that cannot (equality on a text id column); every other file is read, only the
 * searched columns, without its delete files, since a deleted row is still in the bytes.
 */
public final class ErasurePlanner {
  private ErasurePlanner() {}

  public static ErasurePlan plan(Table table, Long snapshotId, CustomerRows customerRows) {
    if (snapshotId == null) {
      return new ErasurePlan(null, List.of());
    }
    Schema projection = customerRows.projection(table.schema());
    List<ErasurePlan.AffectedFile> affected = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().useSnapshot(snapshotId)
        .filter(customerRows.candidateFiles()).ignoreResiduals().planFiles()) {
      for (FileScanTask task : tasks) {
        long rows = RawRows.count(table.io().newInputFile(task.file()), task.file().format(), projection, customerRows);
        if (rows > 0) {
          affected.add(new ErasurePlan.AffectedFile(task, rows));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot plan the erasure in " + table.name() + ": " + e.getMessage(), e);
    }
    return new ErasurePlan(snapshotId, affected);
  }

  /** Rows of the customers in the files appended after {@code snapshotId} (by the sink, while an erasure ran). */
  public static long appendedSince(Table table, long snapshotId, CustomerRows customerRows) {
    Schema projection = customerRows.projection(table.schema());
    long rows = 0;
    try (CloseableIterable<FileScanTask> tasks = table.newIncrementalAppendScan().fromSnapshotExclusive(snapshotId)
        .filter(customerRows.candidateFiles()).ignoreResiduals().planFiles()) {
      for (FileScanTask task : tasks) {
        rows += RawRows.count(table.io().newInputFile(task.file()), task.file().format(), projection, customerRows);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the files appended to " + table.name() + ": " + e.getMessage(), e);
    }
    return rows;
  }
}
