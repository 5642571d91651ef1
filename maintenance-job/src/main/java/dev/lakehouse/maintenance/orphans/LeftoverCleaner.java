package dev.lakehouse.maintenance.orphans;

import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.FileInfo;

/**
 * Removes the files a crashed maintenance run wrote but never committed. Such files carry the
 * run's operation id in their names (see {@code GroupRewriter}); the crashed run's lease has
 * expired and it can no longer commit, so unreferenced files with its id are garbage whatever
 * their age.
 */
public final class LeftoverCleaner {
  private LeftoverCleaner() {}

  public static List<String> clean(Table table, String crashedOperationId, boolean dryRun) {
    if (crashedOperationId == null || crashedOperationId.isBlank()) {
      return List.of();
    }
    String marker = "-" + crashedOperationId + "-";
    List<String> leftovers = new ArrayList<>();
    for (FileInfo file : UnreferencedFiles.of(table).files()) {
      String name = file.location().substring(file.location().lastIndexOf('/') + 1);
      if (name.contains(marker)) {
        leftovers.add(file.location());
      }
    }
    if (!dryRun) {
      leftovers.forEach(table.io()::deleteFile);
    }
    return List.copyOf(leftovers);
  }
}
