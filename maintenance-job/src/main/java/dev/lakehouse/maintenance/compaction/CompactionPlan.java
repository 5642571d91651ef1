package dev.lakehouse.maintenance.compaction;

import java.util.List;

/**
 * What one compaction pass will do: the groups in commit order (sealed partitions oldest first,
 * then hot ones) and the hot partitions left alone because they have too few small files.
 * Immutable: the runner and the committer only read it.
 */
public record CompactionPlan(long startingSnapshotId, List<PlannedGroup> groups, List<String> deferredHotPartitions) {
  public CompactionPlan {
    groups = List.copyOf(groups);
    deferredHotPartitions = List.copyOf(deferredHotPartitions);
  }

  public static CompactionPlan empty(long startingSnapshotId) {
    return new CompactionPlan(startingSnapshotId, List.of(), List.of());
  }

  public int inputFiles() {
    return groups.stream().mapToInt(PlannedGroup::inputFiles).sum();
  }

  public long inputBytes() {
    return groups.stream().mapToLong(PlannedGroup::inputBytes).sum();
  }

  /** One line per group, for --dry-run. */
  public String describe() {
    StringBuilder out = new StringBuilder();
    out.append(String.format("plan from snapshot %d: %d groups, %d files, %d bytes%n",
        startingSnapshotId, groups.size(), inputFiles(), inputBytes()));
    for (PlannedGroup g : groups) {
      out.append(String.format("  %-6s %-40s %5d files %12d bytes -> ~%d files%n",
          g.sealed() ? "sealed" : "hot", g.partition(), g.inputFiles(), g.inputBytes(), g.group().expectedOutputFiles()));
    }
    for (String p : deferredHotPartitions) {
      out.append(String.format("  %-6s %-40s deferred (below the hot small-file threshold)%n", "hot", p));
    }
    return out.toString();
  }
}
