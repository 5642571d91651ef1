package dev.lakehouse.maintenance.expiry;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.ExpireSnapshots;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.Table;
import org.apache.iceberg.util.SnapshotUtil;

/**
 * Expires snapshots by age and count, naming each expired snapshot explicitly so that nothing
 * else goes: a snapshot stays when it is among the newest {@code minSnapshots} of main, a ref's head
 * or on a non-main branch, protected (see {@link ProtectedSnapshots}), or on main's walk from the
 * current snapshot back to the oldest protected one (the sink reads its offsets by that walk);
 * otherwise it goes when it is older than the maximum age or beyond the newest {@code maxSnapshots}
 * of main (a sink committing every minute would otherwise keep thousands within the age).
 * Snapshots committed while this runs are never in the list.
 */
public final class SnapshotExpirer {
  private final Clock clock;

  public SnapshotExpirer(Clock clock) {
    this.clock = clock;
  }

  public record Result(List<Long> expiredSnapshotIds, List<Long> protectedSnapshotIds) {}

  public Result expire(Table table, Duration maxAge, int minSnapshots, int maxSnapshots, boolean dryRun) {
    table.refresh();
    if (table.currentSnapshot() == null) {
      return new Result(List.of(), List.of());
    }
    ProtectedSnapshots protectedSnapshots = ProtectedSnapshots.of(table);
    Set<Long> keep = keep(table, minSnapshots, protectedSnapshots.ids());
    List<Long> mainAncestry = SnapshotUtil.currentAncestorIds(table);
    Set<Long> beyondMaxCount = new HashSet<>(mainAncestry.subList(Math.min(maxSnapshots, mainAncestry.size()), mainAncestry.size()));
    long cutoff = clock.millis() - maxAge.toMillis();
    List<Long> expire = new ArrayList<>();
    for (Snapshot snapshot : table.snapshots()) {
      boolean due = snapshot.timestampMillis() < cutoff || beyondMaxCount.contains(snapshot.snapshotId());
      if (!keep.contains(snapshot.snapshotId()) && due) {
        expire.add(snapshot.snapshotId());
      }
    }
    if (!dryRun && !expire.isEmpty()) {
      // an age cutoff of 0 turns off core's own age and count rules: only the listed ids go
      ExpireSnapshots expireSnapshots = table.expireSnapshots().expireOlderThan(0).retainLast(1);
      expire.forEach(expireSnapshots::expireSnapshotId);
      expireSnapshots.commit();
    }
    return new Result(List.copyOf(expire), List.copyOf(protectedSnapshots.ids()));
  }

  private static Set<Long> keep(Table table, int minSnapshots, Set<Long> protectedIds) {
    Set<Long> keep = new HashSet<>(protectedIds);
    List<Long> mainAncestry = SnapshotUtil.currentAncestorIds(table);
    int oldestProtected = -1;
    for (int i = 0; i < mainAncestry.size(); i++) {
      if (protectedIds.contains(mainAncestry.get(i))) {
        oldestProtected = i;
      }
    }
    int walk = Math.max(Math.min(minSnapshots, mainAncestry.size()), oldestProtected + 1);
    keep.addAll(mainAncestry.subList(0, walk));
    for (SnapshotRef ref : table.refs().values()) {
      keep.add(ref.snapshotId());
      if (ref.isBranch() && ref.snapshotId() != table.currentSnapshot().snapshotId()) {
        SnapshotUtil.ancestorsOf(ref.snapshotId(), table::snapshot).forEach(s -> keep.add(s.snapshotId()));
      }
    }
    return keep;
  }
}
