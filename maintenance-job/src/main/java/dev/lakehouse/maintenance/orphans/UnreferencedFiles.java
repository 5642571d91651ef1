package dev.lakehouse.maintenance.orphans;

import java.util.List;
import java.util.Set;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.FileInfo;

/**
 * The files under a table's location that no snapshot references. The location is listed first
 * and the references read after, so a file committed in between counts as referenced.
 */
public record UnreferencedFiles(int listed, List<FileInfo> files) {
  public static UnreferencedFiles of(Table table) {
    List<FileInfo> listed = TableFiles.list(table);
    Set<String> reachable = ReachableFiles.of(table);
    return new UnreferencedFiles(listed.size(),
        listed.stream().filter(file -> !reachable.contains(ReachableFiles.normalize(file.location()))).toList());
  }
}
