package dev.lakehouse.maintenance.compaction;

import java.util.List;

/** What a compaction pass did, for the run report. */
public record CompactionResult(
    int groupsPlanned,
    int groupsCommitted,
    int groupsFailed,
    int filesRewritten,
    int filesAdded,
    long bytesRewritten,
    int commitRetries,
    List<String> deferredHotPartitions,
    List<String> errors,
    boolean stopped) {

  public static CompactionResult skipped() {
    return new CompactionResult(0, 0, 0, 0, 0, 0, 0, List.of(), List.of(), false);
  }
}
