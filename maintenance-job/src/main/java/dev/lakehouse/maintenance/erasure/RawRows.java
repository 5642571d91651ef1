package dev.lakehouse.maintenance.erasure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Predicate;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.formats.FormatModelRegistry;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.InputFile;

/**
 * Counts the rows physically in a data file that match, delete files not applied: a row a merge
 * or an earlier delete removed from the table is still in the file's bytes, so it counts too.
 */
final class RawRows {
  private RawRows() {}

  static long count(InputFile file, FileFormat format, Schema projection, Predicate<Record> matches) {
    long count = 0;
    CloseableIterable<Record> rows = FormatModelRegistry.readBuilder(format, Record.class, file)
        .project(projection)
        .reuseContainers()
        .build();
    try (rows) {
      for (Record row : rows) {
        if (matches.test(row)) {
          count++;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + file.location() + ": " + e.getMessage(), e);
    }
    return count;
  }
}
