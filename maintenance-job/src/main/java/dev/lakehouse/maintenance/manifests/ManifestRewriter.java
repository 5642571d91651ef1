package dev.lakehouse.maintenance.manifests;

import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;

/**
 * Rewrites the current snapshot's data manifests into fewer, larger ones (per partition spec, at
 * the table's manifest target size) once there are more than the threshold. The sink's fast
 * appends add a manifest per commit, so planning slows down without this.
 */
public final class ManifestRewriter {
  private ManifestRewriter() {}

  public record Result(int manifestsBefore, int manifestsAfter, boolean rewritten) {}

  public static Result rewriteIfNeeded(Table table, int maxManifests, boolean dryRun) {
    table.refresh();
    Snapshot current = table.currentSnapshot();
    if (current == null) {
      return new Result(0, 0, false);
    }
    int before = current.dataManifests(table.io()).size();
    if (before <= maxManifests || dryRun) {
      return new Result(before, before, false);
    }
    table.rewriteManifests().clusterBy(file -> file.specId()).commit();
    table.refresh();
    return new Result(before, table.currentSnapshot().dataManifests(table.io()).size(), true);
  }
}
