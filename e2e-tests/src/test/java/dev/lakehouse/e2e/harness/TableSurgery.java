package dev.lakehouse.e2e.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.IdentityPartitionConverters;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.formats.FormatModelRegistry;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.util.PartitionUtil;

/**
 * Changes a landed table the ways a faulty writer would, through the Iceberg API as a writer does
 * (new data files, commits), and puts it back: a data file rewritten with a row removed or changed
 * (a compaction that drops or alters one), a data file registered twice (the sink's upstream bug
 * after a rebalance), rows appended that no record produced. Every change is a snapshot of its own;
 * {@link #restore} rolls the table back to the snapshot taken before.
 */
public final class TableSurgery {
  private final Table table;

  /** One live row and the data file that holds it. */
  public record LandedRow(DataFile file, Record row) {
    public Object get(String column) {
      return row.getField(column);
    }
  }

  public TableSurgery(Table table) {
    this.table = table;
  }

  public String name() {
    return table.name();
  }

  /** The current snapshot, to {@link #restore} later. */
  public long snapshotId() {
    table.refresh();
    return table.currentSnapshot().snapshotId();
  }

  /** Every live row of the current snapshot, with its data file (the sink's tables have no delete files). */
  public List<LandedRow> rows() {
    table.refresh();
    List<LandedRow> rows = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      for (FileScanTask task : tasks) {
        rows.addAll(read(task).stream().map(row -> new LandedRow(task.file(), row)).toList());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read table " + table.name() + ": " + e.getMessage(), e);
    }
    return rows;
  }

  /** Replaces {@code file} with a new file of {@code change}(its rows), in one rewrite commit, as a compaction would. */
  public void rewrite(DataFile file, UnaryOperator<List<Record>> change) {
    table.refresh();
    List<Record> rows;
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      FileScanTask task = findTask(tasks, file);
      rows = change.apply(read(task));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + file.location() + ": " + e.getMessage(), e);
    }
    DataFile replacement = write(file, rows);
    table.newRewrite().deleteFile(file).addFile(replacement).commit();
  }

  /** Registers {@code file} a second time, in an append of its own. */
  public void appendAgain(DataFile file) {
    table.refresh();
    table.newAppend().appendFile(file).commit();
  }

  /** Appends {@code rows} in a new data file, in the partition of {@code beside}. */
  public void append(DataFile beside, List<Record> rows) {
    table.refresh();
    table.newAppend().appendFile(write(beside, rows)).commit();
  }

  /** Rolls the table back to {@code snapshotId}, undoing every change made since (nothing when none was). */
  public void restore(long snapshotId) {
    if (snapshotId() != snapshotId) {
      table.manageSnapshots().rollbackTo(snapshotId).commit();
    }
  }

  private static FileScanTask findTask(CloseableIterable<FileScanTask> tasks, DataFile file) {
    for (FileScanTask task : tasks) {
      if (task.file().location().equals(file.location())) {
        return task;
      }
    }
    throw new IllegalStateException("Cannot find data file " + file.location() + " in the current snapshot");
  }

  private List<Record> read(FileScanTask task) throws IOException {
    Map<Integer, ?> constants = PartitionUtil.constantsMap(task, IdentityPartitionConverters::convertConstant);
    try (CloseableIterable<Record> rows = FormatModelRegistry.readBuilder(task.file().format(), Record.class,
            table.io().newInputFile(task.file()))
        .project(table.schema()).idToConstant(constants).build()) {
      List<Record> out = new ArrayList<>();
      rows.forEach(row -> out.add(row.copy()));
      return out;
    }
  }

  private DataFile write(DataFile beside, List<Record> rows) {
    PartitionSpec spec = table.specs().get(beside.specId());
    OutputFile out = table.io().newOutputFile(
        table.locationProvider().newDataLocation(spec, beside.partition(), "surgery-" + UUID.randomUUID() + ".parquet"));
    DataWriter<Record> writer = new GenericFileWriterFactory.Builder(table).dataFileFormat(FileFormat.PARQUET).build()
        .newDataWriter(EncryptedFiles.plainAsEncryptedOutput(out), spec, beside.partition());
    try (writer) {
      rows.forEach(writer::write);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write a data file of " + table.name() + ": " + e.getMessage(), e);
    }
    return writer.toDataFile();
  }
}
