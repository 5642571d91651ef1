package dev.lakehouse.maintenance.erasure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.util.ContentFileUtil;

/**
 * What an erasure rewrites in one table, planned from one snapshot: the live data files that
 * physically hold rows of the customers (rows already deleted included), with how many.
 */
public record ErasurePlan(Long startingSnapshotId, List<AffectedFile> files) {
  public record AffectedFile(FileScanTask task, long customerRows) {}

  public ErasurePlan {
    files = List.copyOf(files);
  }

  public long customerRows() {
    return files.stream().mapToLong(AffectedFile::customerRows).sum();
  }

  public Set<DataFile> dataFiles() {
    return files.stream().map(f -> f.task().file()).collect(Collectors.toSet());
  }

  /** Position delete files that point only into the files rewritten here: nothing is left for them to delete. */
  public Set<DeleteFile> danglingDeleteFiles() {
    Set<String> rewritten = files.stream().map(f -> f.task().file().location()).collect(Collectors.toSet());
    return files.stream().flatMap(f -> f.task().deletes().stream())
        .filter(d -> d.content() == FileContent.POSITION_DELETES)
        .filter(d -> rewritten.contains(ContentFileUtil.referencedDataFileLocation(d)))
        .collect(Collectors.toSet());
  }

  /** The files grouped by partition (and spec): each group is rewritten into that partition. */
  public List<List<FileScanTask>> byPartition(Table table) {
    Map<String, List<FileScanTask>> groups = new LinkedHashMap<>();
    for (AffectedFile file : files) {
      DataFile data = file.task().file();
      String key = data.specId() + "/" + table.specs().get(data.specId()).partitionToPath(data.partition());
      groups.computeIfAbsent(key, k -> new ArrayList<>()).add(file.task());
    }
    return List.copyOf(groups.values());
  }
}
