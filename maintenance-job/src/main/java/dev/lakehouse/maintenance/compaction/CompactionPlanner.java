package dev.lakehouse.maintenance.compaction;

import dev.lakehouse.maintenance.config.TaskSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;
import org.apache.iceberg.actions.BinPackRewriteFilePlanner;
import org.apache.iceberg.actions.RewriteFileGroup;
import org.apache.iceberg.actions.SizeBasedFileRewritePlanner;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;

/**
 * Plans a compaction with iceberg-core's {@link BinPackRewriteFilePlanner}, then orders the groups
 * for a table that a streaming writer keeps appending to: sealed partitions first (oldest first),
 * hot partitions last and only when their small-file count passes the threshold. Files of older
 * partition specs (after a partition evolution) are one sealed group, rewritten into the current spec first.
 */
public final class CompactionPlanner {
  /** Keeps groups (and so the work lost when a run stops) bounded: a few output files each. */
  static final int MAX_GROUP_TARGET_FILES = 8;
  /** How the plan and the report name the group of files written with older partition specs. */
  public static final String OLDER_SPECS = "(older partition specs)";

  private CompactionPlanner() {}

  public static CompactionPlan plan(Table table, TaskSettings settings, Instant now, Long startingSnapshotId) {
    if (startingSnapshotId == null) {
      return CompactionPlan.empty(-1);
    }
    Map<String, List<PlannedGroup>> hotByPartition = new LinkedHashMap<>();
    Map<String, Integer> smallFilesByPartition = new LinkedHashMap<>();
    List<PlannedGroup> sealed = new ArrayList<>();
    // files of older specs are rewritten whatever their size, so that none stays on an old spec:
    // a second planning, of every file, for them alone, and only when the snapshot has any
    if (hasOlderSpecFiles(table, startingSnapshotId)) {
      Map<String, String> everyFile = new HashMap<>(plannerOptions(settings));
      everyFile.put(SizeBasedFileRewritePlanner.REWRITE_ALL, "true");
      forEachGroup(table, startingSnapshotId, everyFile, group -> {
        if (onOlderSpecs(group)) {
          sealed.add(olderSpecs(group));
        }
      });
    }
    forEachGroup(table, startingSnapshotId, plannerOptions(settings), group -> {
      if (onOlderSpecs(group)) {
        return;
      }
      PlannedGroup planned = inCurrentSpec(table, group, settings, now);
      if (planned.sealed()) {
        sealed.add(planned);
      } else {
        hotByPartition.computeIfAbsent(planned.partition(), p -> new ArrayList<>()).add(planned);
        long small = group.fileScanTasks().stream().filter(t -> t.file().fileSizeInBytes() < settings.smallFileBytes()).count();
        smallFilesByPartition.merge(planned.partition(), (int) small, Integer::sum);
      }
    });

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

  private static void forEachGroup(Table table, long snapshotId, Map<String, String> options, Consumer<RewriteFileGroup> action) {
    BinPackRewriteFilePlanner planner = new BinPackRewriteFilePlanner(table, Expressions.alwaysTrue(), snapshotId, false);
    planner.init(options);
    try (CloseableIterable<RewriteFileGroup> groups = planner.plan().groups()) {
      groups.forEach(action);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot plan compaction of " + table.name() + ": " + e.getMessage(), e);
    }
  }

  private static boolean hasOlderSpecFiles(Table table, long snapshotId) {
    return table.snapshot(snapshotId).dataManifests(table.io()).stream()
        .anyMatch(manifest -> manifest.partitionSpecId() != table.spec().specId());
  }

  /** After a partition evolution the planner groups the files of older specs together, whatever their partition. */
  private static boolean onOlderSpecs(RewriteFileGroup group) {
    return group.fileScanTasks().stream().anyMatch(task -> task.file().specId() != group.outputSpecId());
  }

  /** No writer adds files of an older spec: such a group is sealed, and goes first. */
  private static PlannedGroup olderSpecs(RewriteFileGroup group) {
    return new PlannedGroup(group, OLDER_SPECS, true, Long.MIN_VALUE);
  }

  private static PlannedGroup inCurrentSpec(Table table, RewriteFileGroup group, TaskSettings settings, Instant now) {
    PartitionSpec spec = table.specs().get(group.outputSpecId());
    String partition = spec.isUnpartitioned() ? "(unpartitioned)" : spec.partitionToPath(group.info().partition());
    Optional<Instant> end = spec.isUnpartitioned() ? Optional.empty() : PartitionClock.end(spec, group.info().partition());
    boolean isSealed = end.isPresent() && end.get().plus(settings.sealedAfter()).isBefore(now);
    return new PlannedGroup(group, partition, isSealed, end.map(Instant::toEpochMilli).orElse(Long.MAX_VALUE));
  }

  static Map<String, String> plannerOptions(TaskSettings settings) {
    long target = settings.targetFileSizeBytes();
    return Map.of(
        SizeBasedFileRewritePlanner.TARGET_FILE_SIZE_BYTES, Long.toString(target),
        SizeBasedFileRewritePlanner.MIN_INPUT_FILES, Integer.toString(settings.minInputFiles()),
        SizeBasedFileRewritePlanner.MAX_FILE_GROUP_SIZE_BYTES, Long.toString(target * MAX_GROUP_TARGET_FILES));
  }
}
