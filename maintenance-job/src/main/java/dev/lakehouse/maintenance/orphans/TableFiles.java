package dev.lakehouse.maintenance.orphans;

import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.FileInfo;
import org.apache.iceberg.io.SupportsPrefixOperations;

/** Lists every object under a table's location. */
final class TableFiles {
  private TableFiles() {}

  static List<FileInfo> list(Table table) {
    if (!(table.io() instanceof SupportsPrefixOperations io)) {
      throw new IllegalStateException("Cannot list the files of " + table.name() + ": its FileIO "
          + table.io().getClass().getName() + " cannot list prefixes (use S3FileIO)");
    }
    String location = table.location().endsWith("/") ? table.location() : table.location() + "/";
    List<FileInfo> files = new ArrayList<>();
    io.listPrefix(location).forEach(files::add);
    return files;
  }
}
