package dev.lakehouse.maintenance.orphans;

import java.io.FileNotFoundException;
import java.nio.file.NoSuchFileException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableMetadata.MetadataLogEntry;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.exceptions.NotFoundException;
import org.apache.iceberg.io.FileIO;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every metadata file a table's metadata log reaches: the current one, the ones its log names, and,
 * through the oldest of those that still exists, the ones older logs name (what Iceberg's
 * {@code ReachableFileUtil.metadataFileLocations(table, true)} walks). A logged file that is gone is
 * expected: with {@code write.metadata.delete-after-commit.enabled} (the sink's tables) Iceberg deletes
 * the files that fall off the log, and older logs still name them. Iceberg's walk logs each such file at
 * ERROR with a stack trace, which made a successful erase look failed; here they are skipped and counted
 * in one INFO line. Any other failure to read a metadata file is an error and stops the walk.
 */
final class MetadataFiles {
  private static final Logger LOG = LoggerFactory.getLogger(MetadataFiles.class);

  private MetadataFiles() {}

  static Set<String> of(Table table) {
    TableOperations operations = ((HasTableOperations) table).operations();
    TableMetadata metadata = operations.current();
    Set<String> files = new HashSet<>();
    files.add(metadata.metadataFileLocation());
    Set<String> gone = new HashSet<>();
    while (metadata != null) {
      List<MetadataLogEntry> previous = metadata.previousFiles();
      previous.forEach(entry -> files.add(entry.file()));
      metadata = oldestReadable(previous, operations.io(), gone);
    }
    if (!gone.isEmpty()) {
      LOG.info("{}: skipped {} metadata files that older metadata logs name but that were deleted after later commits "
          + "(write.metadata.delete-after-commit.enabled), as designed", table.name(), gone.size());
    }
    return files;
  }

  /** The oldest entry that can still be read (Iceberg's order), or null; the missing ones go to {@code gone}. */
  private static TableMetadata oldestReadable(List<MetadataLogEntry> entries, FileIO io, Set<String> gone) {
    for (MetadataLogEntry entry : entries) {
      if (gone.contains(entry.file())) {
        continue;
      }
      try {
        return TableMetadataParser.read(io, entry.file());
      } catch (RuntimeException e) {
        if (!isMissing(e)) {
          throw new IllegalStateException("Cannot read metadata file " + entry.file() + ": " + e.getMessage(), e);
        }
        gone.add(entry.file());
      }
    }
    return null;
  }

  private static boolean isMissing(Throwable error) {
    for (Throwable cause = error; cause != null; cause = cause.getCause()) {
      if (cause instanceof NotFoundException || cause instanceof FileNotFoundException
          || cause instanceof NoSuchFileException) {
        return true;
      }
    }
    return false;
  }
}
