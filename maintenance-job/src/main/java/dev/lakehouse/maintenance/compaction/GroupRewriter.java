package dev.lakehouse.maintenance.compaction;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.actions.RewriteFileGroup;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.io.RollingDataWriter;

/**
 * The engine-free runner: reads one file group's rows and writes them into files of the target
 * size, in the group's partition (leaving out the rows an erasure removes). Output file names
 * carry the run's operation id so that a run killed mid-rewrite leaves files the next run can
 * recognise and remove.
 */
public final class GroupRewriter {
  private final Table table;
  private final String operationId;

  public GroupRewriter(Table table, String operationId) {
    this.table = table;
    this.operationId = operationId;
  }

  /** Writes the group's rows to new files and returns them; on failure nothing written is left behind. */
  public Set<DataFile> rewrite(RewriteFileGroup group) {
    PartitionSpec spec = table.specs().get(group.outputSpecId());
    for (FileScanTask task : group.fileScanTasks()) {
      if (task.file().specId() != spec.specId()) {
        throw new IllegalStateException(String.format(
            "Cannot rewrite %s: it was written with partition spec %d, not the current %d"
                + " (the engine-free runner rewrites files of the current spec only)",
            task.file().location(), task.file().specId(), spec.specId()));
      }
    }
    return write(group.fileScanTasks(), spec, group.info().partition(), group.info().globalIndex(),
        group.maxOutputFileSize(), row -> false);
  }

  /**
   * Writes the live rows of files of one partition (and spec) to new files in that partition,
   * leaving out the rows {@code remove} matches; on failure nothing written is left behind.
   */
  public Set<DataFile> rewriteWithout(List<FileScanTask> tasks, Predicate<Record> remove, int partitionId,
      long maxFileSizeBytes) {
    DataFile first = tasks.get(0).file();
    return write(tasks, table.specs().get(first.specId()), first.partition(), partitionId, maxFileSizeBytes, remove);
  }

  private Set<DataFile> write(List<FileScanTask> tasks, PartitionSpec spec, StructLike partition, int partitionId,
      long maxFileSizeBytes, Predicate<Record> remove) {
    FileFormat format = FileFormat.fromString(table.properties()
        .getOrDefault(TableProperties.DEFAULT_FILE_FORMAT, TableProperties.DEFAULT_FILE_FORMAT_DEFAULT));
    GenericFileWriterFactory writers = new GenericFileWriterFactory.Builder(table)
        .dataFileFormat(format)
        .dataSchema(table.schema())
        .build();
    OutputFileFactory files = OutputFileFactory.builderFor(table, partitionId, 0)
        .format(format)
        .operationId(operationId)
        .build();
    FileScanTaskReader reader = new FileScanTaskReader(table);
    RollingDataWriter<Record> writer = new RollingDataWriter<>(
        writers, files, table.io(), maxFileSizeBytes, spec, partition);
    try {
      for (FileScanTask task : tasks) {
        try (CloseableIterable<Record> rows = reader.open(task)) {
          for (Record row : rows) {
            if (!remove.test(row)) {
              writer.write(row);
            }
          }
        } catch (IOException e) {
          throw new UncheckedIOException("Cannot read " + task.file().location() + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
          throw new IllegalStateException("Cannot read " + task.file().location() + ": " + e.getMessage(), e);
        }
      }
      writer.close();
    } catch (IOException | RuntimeException e) {
      deleteWritten(writer);
      if (e instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new UncheckedIOException("Cannot write the rewritten files: " + e.getMessage(), (IOException) e);
    }
    return Set.copyOf(writer.result().dataFiles());
  }

  /** Best effort: what stays behind carries our operation id and goes with the orphans. */
  private void deleteWritten(RollingDataWriter<Record> writer) {
    try {
      writer.close();
      writer.result().dataFiles().forEach(f -> table.io().deleteFile(f.location()));
    } catch (IOException | RuntimeException ignored) {
      // the failure that brought us here is the one to report
    }
  }
}
