package dev.lakehouse.maintenance.compaction;

import org.apache.iceberg.actions.RewriteFileGroup;

/** One file group of the plan with the facts that decided its place in the order. */
public record PlannedGroup(RewriteFileGroup group, String partition, boolean sealed, long partitionEndMs) {
  public int inputFiles() {
    return group.inputFileNum();
  }

  public long inputBytes() {
    return group.inputFilesSizeInBytes();
  }
}
