package dev.lakehouse.maintenance.orphans;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.Set;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.ManifestContent;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ReachableFileUtil;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;

/** Every file any snapshot of a table still needs: data and delete files, manifests, manifest lists, metadata. */
public final class ReachableFiles {
  private ReachableFiles() {}

  public static Set<String> of(Table table) {
    table.refresh();
    Set<String> files = new HashSet<>();
    Set<String> manifestsSeen = new HashSet<>();
    for (Snapshot snapshot : table.snapshots()) {
      files.add(normalize(snapshot.manifestListLocation()));
      for (ManifestFile manifest : snapshot.allManifests(table.io())) {
        if (!manifestsSeen.add(manifest.path())) {
          continue;
        }
        files.add(normalize(manifest.path()));
        try (CloseableIterable<String> paths = manifest.content() == ManifestContent.DATA
            ? ManifestFiles.readPaths(manifest, table.io(), table.specs())
            : CloseableIterable.transform(
                ManifestFiles.readDeleteManifest(manifest, table.io(), table.specs()), DeleteFile::location)) {
          paths.forEach(path -> files.add(normalize(path)));
        } catch (IOException e) {
          throw new UncheckedIOException("Cannot read manifest " + manifest.path() + ": " + e.getMessage(), e);
        }
      }
    }
    MetadataFiles.of(table).forEach(f -> files.add(normalize(f)));
    ReachableFileUtil.statisticsFilesLocations(table).forEach(f -> files.add(normalize(f)));
    table.partitionStatisticsFiles().forEach(f -> files.add(normalize(f.path())));
    files.add(normalize(ReachableFileUtil.versionHintLocation(table)));
    return files;
  }

  /** s3a:// and s3n:// name the same objects as s3://. */
  public static String normalize(String location) {
    if (location == null) {
      return "";
    }
    if (location.startsWith("s3a://") || location.startsWith("s3n://")) {
      return "s3://" + location.substring(6);
    }
    return location;
  }
}
