package dev.lakehouse.maintenance.compaction;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.actions.RewriteFileGroup;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.InternalRecordWrapper;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FanoutDataWriter;
import org.apache.iceberg.io.OutputFileFactory;

/**
 * The engine-free runner: reads one file group's rows and writes them into files of the target
 * size, in the group's partition (leaving out the rows an erasure removes); files written with an
 * older partition spec (after a partition evolution) are rewritten into the current spec, each row
 * to its partition there. Output file names carry the run's operation id so that a run killed
 * mid-rewrite leaves files the next run can recognise and remove.
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
    // the planner groups the files of older specs together (their rows may belong to several
    // partitions of the current spec): each row then goes to its own partition
    boolean olderSpecs = group.fileScanTasks().stream().anyMatch(task -> task.file().specId() != spec.specId());
    StructLike partition = group.info().partition();
    return write(group.fileScanTasks(), spec, olderSpecs ? partitionIn(spec) : row -> partition,
        group.info().globalIndex(), group.maxOutputFileSize(), row -> false);
  }

  /**
   * Writes the live rows of files of one partition (and spec) to new files in that partition,
   * leaving out the rows {@code remove} matches; on failure nothing written is left behind.
   */
  public Set<DataFile> rewriteWithout(List<FileScanTask> tasks, Predicate<Record> remove, int partitionId,
      long maxFileSizeBytes) {
    DataFile first = tasks.get(0).file();
    return write(tasks, table.specs().get(first.specId()), row -> first.partition(), partitionId, maxFileSizeBytes, remove);
  }

  /** A row's partition in {@code spec}, computed from its values. */
  private Function<Record, StructLike> partitionIn(PartitionSpec spec) {
    PartitionKey key = new PartitionKey(spec, table.schema());
    InternalRecordWrapper wrapper = new InternalRecordWrapper(table.schema().asStruct());
    return row -> {
      key.partition(wrapper.wrap(row));
      return key.copy();
    };
  }

  private Set<DataFile> write(List<FileScanTask> tasks, PartitionSpec spec, Function<Record, StructLike> partitionOf,
      int partitionId, long maxFileSizeBytes, Predicate<Record> remove) {
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
    // a rolling writer per partition; a group of the current spec has one partition, so one writer
    FanoutDataWriter<Record> writer = new FanoutDataWriter<>(writers, files, table.io(), maxFileSizeBytes);
    try {
      for (FileScanTask task : tasks) {
        try (CloseableIterable<Record> rows = reader.open(task)) {
          for (Record row : rows) {
            if (!remove.test(row)) {
              writer.write(row, spec, partitionOf.apply(row));
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
  private void deleteWritten(FanoutDataWriter<Record> writer) {
    try {
      writer.close();
      writer.result().dataFiles().forEach(f -> table.io().deleteFile(f.location()));
    } catch (IOException | RuntimeException ignored) {
      // the failure that brought us here is the one to report
    }
  }
}
