package dev.lakehouse.maintenance.compaction;

import dev.lakehouse.maintenance.config.TaskSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;
import org.apache.iceberg.actions.BinPackRewriteFilePlanner;
import org.apache.iceberg.actions.FileRewritePlan;
import org.apache.iceberg.actions.RewriteDataFiles;
import org.apache.iceberg.actions.RewriteFileGroup;
import org.apache.iceberg.actions.SizeBasedFileRewritePlanner;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;

/**
 * Plans a compaction with iceberg-core's {@link BinPackRewriteFilePlanner}, then orders the groups
 * for a table that a streaming writer keeps appending to: sealed partitions first (oldest first),
 * hot partitions last and only when their small-file count passes the threshold.
 */
public final class CompactionPlanner {
  /** Keeps groups (and so the work lost when a run stops) bounded: a few output files each. */
  static final int MAX_GROUP_TARGET_FILES = 8;

  private CompactionPlanner() {}

  public static CompactionPlan plan(Table table, TaskSettings settings, Instant now, Long startingSnapshotId) {
    if (startingSnapshotId == null) {
      return CompactionPlan.empty(-1);
    }
    BinPackRewriteFilePlanner planner =
        new BinPackRewriteFilePlanner(table, Expressions.alwaysTrue(), startingSnapshotId, false);
    planner.init(plannerOptions(settings));
    FileRewritePlan<RewriteDataFiles.FileGroupInfo, FileScanTask, org.apache.iceberg.DataFile, RewriteFileGroup> plan =
        planner.plan();

    Map<String, List<PlannedGroup>> hotByPartition = new LinkedHashMap<>();
    Map<String, Integer> smallFilesByPartition = new LinkedHashMap<>();
    List<PlannedGroup> sealed = new ArrayList<>();
    try (CloseableIterable<RewriteFileGroup> groups = plan.groups()) {
      for (RewriteFileGroup group : groups) {
        PartitionSpec spec = table.specs().get(group.outputSpecId());
        String partition = spec.isUnpartitioned() ? "(unpartitioned)" : spec.partitionToPath(group.info().partition());
        Optional<Instant> end = spec.isUnpartitioned() ? Optional.empty() : PartitionClock.end(spec, group.info().partition());
        boolean isSealed = end.isPresent() && end.get().plus(settings.sealedAfter()).isBefore(now);
        PlannedGroup planned = new PlannedGroup(group, partition, isSealed, end.map(Instant::toEpochMilli).orElse(Long.MAX_VALUE));
        if (isSealed) {
          sealed.add(planned);
        } else {
          hotByPartition.computeIfAbsent(partition, p -> new ArrayList<>()).add(planned);
          long small = group.fileScanTasks().stream().filter(t -> t.file().fileSizeInBytes() < settings.smallFileBytes()).count();
          smallFilesByPartition.merge(partition, (int) small, Integer::sum);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot plan compaction of " + table.name() + ": " + e.getMessage(), e);
    }

    sealed.sort(Comparator.comparingLong(PlannedGroup::partitionEndMs).thenComparing(PlannedGroup::partition));
    List<PlannedGroup> ordered = new ArrayList<>(sealed);
    List<String> deferred = new ArrayList<>();
    hotByPartition.forEach((partition, groups) -> {
      if (smallFilesByPartition.getOrDefault(partition, 0) >= settings.hotPartitionMinSmallFiles()) {
        ordered.addAll(groups);
      } else {
        deferred.add(partition);
      }
    });
    return new CompactionPlan(startingSnapshotId, ordered, deferred);
  }

  static Map<String, String> plannerOptions(TaskSettings settings) {
    long target = settings.targetFileSizeBytes();
    return Map.of(
        SizeBasedFileRewritePlanner.TARGET_FILE_SIZE_BYTES, Long.toString(target),
        SizeBasedFileRewritePlanner.MIN_INPUT_FILES, Integer.toString(settings.minInputFiles()),
        SizeBasedFileRewritePlanner.MAX_FILE_GROUP_SIZE_BYTES, Long.toString(target * MAX_GROUP_TARGET_FILES));
  }
}
