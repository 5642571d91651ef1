package dev.lakehouse.maintenance.orphans;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.FileInfo;

/**
 * Deletes files under the table location that no snapshot references and that are older than the
 * minimum age. The age rule is what protects a commit in flight (the sink writes files long
 * before it commits them), so the configured age is never allowed below the safety floor.
 */
public final class OrphanCleaner {
  private final Clock clock;

  public OrphanCleaner(Clock clock) {
    this.clock = clock;
  }

  public record Result(int listed, List<String> orphans, int deleted) {}

  public Result clean(Table table, Duration minAge, boolean dryRun) {
    long cutoff = clock.millis() - minAge.toMillis();
    UnreferencedFiles unreferenced = UnreferencedFiles.of(table);
    List<String> orphans = new ArrayList<>();
    for (FileInfo file : unreferenced.files()) {
      if (file.createdAtMillis() < cutoff) {
        orphans.add(file.location());
      }
    }
    if (!dryRun) {
      orphans.forEach(table.io()::deleteFile);
    }
    return new Result(unreferenced.listed(), List.copyOf(orphans), dryRun ? 0 : orphans.size());
  }
}
