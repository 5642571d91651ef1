package dev.lakehouse.maintenance.bench;

import dev.lakehouse.maintenance.config.ConfigLoader;
import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.maintenance.report.TableReport;
import dev.lakehouse.maintenance.run.RunOptions;
import dev.lakehouse.maintenance.run.TableMaintenance;
import dev.lakehouse.maintenance.support.TestConfig;
import dev.lakehouse.maintenance.support.TestWarehouse;
import dev.lakehouse.testkit.Folders;
import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileAppender;
import org.apache.iceberg.parquet.Parquet;

/**
 * "A day of streaming small files": N files of about 100 KB in one sealed partition, on the
 * embedded S3 server and a JDBC catalog. Measures, in one run, before and after compaction: a
 * full-scan SQL query on Trino (the scan as users run it; its time includes Trino's own planning),
 * and with the Iceberg Java API planning, a full scan and a one-column scan through the generic
 * row reader; and compaction throughput against a plain Parquet read-and-rewrite of the same
 * files (the ceiling). Not a test: run it with the command in README.md.
 */
public final class CompactionBenchmark {
  static final int FILES = Integer.getInteger("bench.files", 2000);
  static final int ROWS_PER_FILE = Integer.getInteger("bench.rows-per-file", 1400);
  static final int FILES_PER_COMMIT = Integer.getInteger("bench.files-per-commit", 10);
  static final long TARGET = Long.getLong("bench.target-file-size-bytes", 128L * 1024 * 1024);
  static final int SCAN_REPEATS = 2;
  static final int TRINO_REPEATS = 3;
  /** Reads every column of every row; the sums are checked against values computed from the seeded ids. */
  static final String TRINO_FULL_SCAN = "SELECT count(*), sum(id), sum(length(payload)), "
      + "sum(minute(event_time) * 60 + second(event_time)) FROM events";
  static final String TRINO_ONE_COLUMN = "SELECT count(*), sum(id) FROM events";

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(System.getProperty("bench.dir", "target/bench")).toAbsolutePath();
    Folders.delete(dir);
    Files.createDirectories(dir);
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      Table table = warehouse.createEventsTable("events");
      Instant hour = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(1, ChronoUnit.DAYS);
      long t0 = System.nanoTime();
      List<DataFile> batch = new ArrayList<>();
      for (int f = 0; f < FILES; f++) {
        batch.add(TestWarehouse.writeFile(table, TestWarehouse.rows((long) f * ROWS_PER_FILE, ROWS_PER_FILE, hour)));
        if (batch.size() == FILES_PER_COMMIT || f == FILES - 1) {
          TestWarehouse.append(table, batch, Map.of());
          batch.clear();
        }
      }
      table.refresh();
      long inputBytes = dataBytes(table);
      System.out.printf(Locale.ROOT, "seeded %d files, %.1f MB, %d rows, in %.1f s%n", FILES, inputBytes / 1e6,
          (long) FILES * ROWS_PER_FILE, seconds(t0));

      Path repo = RepoDir.get();
      try (TrinoScan trino = TrinoScan.start(repo, warehouse.dir(), warehouse.s3Port())) {
        run(warehouse, table, trino, inputBytes, dir);
      }
    }
  }

  private static void run(TestWarehouse warehouse, Table table, TrinoScan trino, long inputBytes, Path dir)
      throws Exception {
    List<List<String>> expected = List.of(expectedFullScan());
    List<List<String>> expectedOneColumn = List.of(expected.get(0).subList(0, 2));
    trino.query(TRINO_FULL_SCAN); // warm-up: the JIT, and Trino's first look at the catalog
    double trinoBefore = trino.bestSeconds(TRINO_FULL_SCAN, expected, TRINO_REPEATS);
    double trinoColumnBefore = trino.bestSeconds(TRINO_ONE_COLUMN, expectedOneColumn, TRINO_REPEATS);
    System.out.printf(Locale.ROOT, "before: Trino full-scan query %.2f s, one-column query %.2f s%n", trinoBefore,
        trinoColumnBefore);
    Figures before = measure(table);
    System.out.printf(Locale.ROOT, "before: planning %.3f s, full scan %.2f s, one-column scan %.2f s (%d files)%n",
        before.planning, before.fullScan, before.columnScan, before.files);

    List<DataFile> inputs = dataFiles(table);
    double baselineBefore = plainParquetRewrite(table, inputs, inputBytes);

    MaintenanceConfig config = ConfigLoader.load(TestConfig.write(dir.resolve("maintenance.yaml"), warehouse,
        "compaction:\n  target-file-size-bytes: " + TARGET + "\nmanifests: {enabled: false}\n"
            + "expiry: {enabled: false}\norphans: {enabled: false}\n"), Map.of());
    long c0 = System.nanoTime();
    TableReport report = new TableMaintenance(config, RunOptions.create(false), Clock.systemUTC(), () -> false)
        .maintain(warehouse.catalog(), TableIdentifier.of("lakehouse", "events"));
    double compactionSeconds = seconds(c0);
    if (report.status() != TableReport.Status.OK) {
      throw new IllegalStateException("compaction failed: " + report.errors());
    }
    double compactionMbs = report.compaction().bytesRewritten() / 1e6 / compactionSeconds;
    System.out.printf(Locale.ROOT, "compaction (plan + rewrite + commit + lease): %d -> %d files in %.2f s = %.2f MB/s%n",
        report.before().dataFiles(), report.after().dataFiles(), compactionSeconds, compactionMbs);

    // the ceiling measured before and after compaction, so machine load drifts hit both sides
    double baselineMbs = Math.max(baselineBefore, plainParquetRewrite(table, inputs, inputBytes));
    table.refresh();
    double trinoAfter = trino.bestSeconds(TRINO_FULL_SCAN, expected, TRINO_REPEATS);
    double trinoColumnAfter = trino.bestSeconds(TRINO_ONE_COLUMN, expectedOneColumn, TRINO_REPEATS);
    System.out.printf(Locale.ROOT, "after: Trino full-scan query %.2f s, one-column query %.2f s%n", trinoAfter,
        trinoColumnAfter);
    Figures after = measure(table);
    System.out.printf(Locale.ROOT, "after: planning %.3f s, full scan %.2f s, one-column scan %.2f s (%d files)%n",
        after.planning, after.fullScan, after.columnScan, after.files);
    System.out.println();
    System.out.printf(Locale.ROOT, "Java API planning speed-up: %.1f%n", before.planning / after.planning);
    System.out.printf(Locale.ROOT, "Java API full scan (generic reader) speed-up: %.1f%n", before.fullScan / after.fullScan);
    System.out.printf(Locale.ROOT, "Java API one-column scan speed-up: %.1f%n", before.columnScan / after.columnScan);
    System.out.printf(Locale.ROOT, "Java API planning + full scan speed-up: %.1f%n",
        (before.planning + before.fullScan) / (after.planning + after.fullScan));
    System.out.printf(Locale.ROOT, "Trino one-column query speed-up: %.1f%n", trinoColumnBefore / trinoColumnAfter);
    System.out.printf(Locale.ROOT, "compaction speed-up: %.1f%n", trinoBefore / trinoAfter);
    System.out.printf(Locale.ROOT, "compaction throughput vs plain Parquet rewrite: %.2f%n", compactionMbs / baselineMbs);
  }

  /** count, sum(id), sum(length(payload)), sum of second-of-hour over the ids 0..N-1 that {@link TestWarehouse#rows} seeds. */
  static List<String> expectedFullScan() {
    long rows = (long) FILES * ROWS_PER_FILE;
    long secondsOfHour = 0;
    for (long id = 0; id < rows; id++) {
      secondsOfHour += (id * 7919 % 3_600_000L) / 1000;
    }
    return List.of(Long.toString(rows), Long.toString(rows * (rows - 1) / 2), Long.toString(rows * 100), Long.toString(secondsOfHour));
  }

  record Figures(double planning, double fullScan, double columnScan, long files) {}

  /** Best of a few repeats: planning (list the files to read), full scan (all columns), one-column scan. */
  static Figures measure(Table table) throws IOException {
    double planning = Double.MAX_VALUE;
    double full = Double.MAX_VALUE;
    double column = Double.MAX_VALUE;
    long files = 0;
    for (int i = 0; i < SCAN_REPEATS; i++) {
      table.refresh();
      long p0 = System.nanoTime();
      files = 0;
      try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
        for (FileScanTask ignored : tasks) {
          files++;
        }
      }
      planning = Math.min(planning, seconds(p0));
      long s0 = System.nanoTime();
      long rows = count(IcebergGenerics.read(table).build());
      full = Math.min(full, seconds(s0));
      long k0 = System.nanoTime();
      long idRows = count(IcebergGenerics.read(table).select("id").build());
      column = Math.min(column, seconds(k0));
      if (rows != (long) FILES * ROWS_PER_FILE || idRows != rows) {
        throw new IllegalStateException("expected " + (long) FILES * ROWS_PER_FILE + " rows, read " + rows + "/" + idRows);
      }
    }
    return new Figures(planning, full, column, files);
  }

  /** The ceiling: read every data file with the Parquet reader and write the rows to target-size files. */
  static double plainParquetRewrite(Table table, List<DataFile> inputs, long inputBytes) throws IOException {
    long start = System.nanoTime();
    Schema schema = table.schema();
    List<String> outputs = new ArrayList<>();
    long rows = 0;
    FileAppender<Record> out = null;
    try {
      for (DataFile input : inputs) {
        // the length comes from table metadata, as for any Iceberg reader (no HEAD request per file)
        try (CloseableIterable<Record> records = Parquet.read(table.io().newInputFile(input.location(), input.fileSizeInBytes()))
            .project(schema)
            .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(schema, fileSchema))
            .reuseContainers()
            .build()) {
          for (Record record : records) {
            if (out == null) {
              String location = table.location() + "/baseline/" + UUID.randomUUID() + ".parquet";
              outputs.add(location);
              // the table's write settings (codec, row group size), as compaction uses them
              out = Parquet.write(table.io().newOutputFile(location)).schema(schema).setAll(table.properties())
                  .createWriterFunc(GenericParquetWriter::create).overwrite().build();
            }
            out.add(record);
            rows++;
            if (rows % 1000 == 0 && out.length() >= TARGET) {
              out.close();
              out = null;
            }
          }
        }
      }
    } finally {
      if (out != null) {
        out.close();
      }
    }
    double seconds = seconds(start);
    double mbs = inputBytes / 1e6 / seconds;
    System.out.printf(Locale.ROOT, "plain Parquet read-and-rewrite: %.1f MB (%d rows) in %.2f s = %.2f MB/s%n",
        inputBytes / 1e6, rows, seconds, mbs);
    outputs.forEach(table.io()::deleteFile);
    return mbs;
  }

  static List<DataFile> dataFiles(Table table) throws IOException {
    List<DataFile> files = new ArrayList<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      tasks.forEach(task -> files.add(task.file().copy()));
    }
    return files;
  }

  static long count(CloseableIterable<Record> records) throws IOException {
    long n = 0;
    try (records) {
      for (Record ignored : records) {
        n++;
      }
    }
    return n;
  }

  static long dataBytes(Table table) throws IOException {
    long bytes = 0;
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      for (FileScanTask task : tasks) {
        bytes += task.file().fileSizeInBytes();
      }
    }
    return bytes;
  }

  static double seconds(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
