package dev.lakehouse.maintenance.erasure;

import dev.lakehouse.maintenance.orphans.ReachableFiles;
import dev.lakehouse.maintenance.orphans.UnreferencedFiles;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.io.FileInfo;

/**
 * Data files under a table's location that no snapshot references but that hold rows of the
 * customers: a failed commit's files, or files expiry could not delete. Such a file older than the
 * orphan safety floor is deleted; a younger one may belong to a commit still in flight (the sink
 * writes files before it commits them), so it is only reported, for a later run.
 */
final class UnreferencedCustomerFiles {
  private UnreferencedCustomerFiles() {}

  record Result(List<String> deleted, List<String> pending) {}

  static Result clean(Table table, CustomerRows customerRows, long deletableBeforeMs, boolean dryRun) {
    Schema projection = customerRows.projection(table.schema());
    String metadataDir = ReachableFiles.normalize(table.properties().getOrDefault(
        TableProperties.WRITE_METADATA_LOCATION, table.location() + "/metadata")) + "/";
    List<String> deleted = new ArrayList<>();
    List<String> pending = new ArrayList<>();
    for (FileInfo file : UnreferencedFiles.of(table).files()) {
      String location = ReachableFiles.normalize(file.location());
      FileFormat format = FileFormat.fromFileName(location);
      if (format == null || location.startsWith(metadataDir)
          || RawRows.count(table.io().newInputFile(file.location()), format, projection, customerRows) == 0) {
        continue;
      }
      if (file.createdAtMillis() >= deletableBeforeMs) {
        pending.add(file.location());
      } else {
        if (!dryRun) {
          table.io().deleteFile(file.location());
        }
        deleted.add(file.location());
      }
    }
    return new Result(List.copyOf(deleted), List.copyOf(pending));
  }
}
