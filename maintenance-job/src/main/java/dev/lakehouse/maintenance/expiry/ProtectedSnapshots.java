package dev.lakehouse.maintenance.expiry;

import dev.lakehouse.maintenance.lock.TableLease;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.util.SnapshotUtil;

/**
 * Snapshots expiry must keep, with the ancestry that leads to them:
 * <ul>
 *   <li>for each sink (control topic + consumer group), the latest main-branch ancestor whose
 *       summary carries {@code kafka.connect.offsets.<control-topic>.<group>}: the sink finds its
 *       offsets by walking back from the current snapshot, so every snapshot on that walk stays;
 *   <li>the starting snapshot of a compaction that is running (recorded in the table lease).
 * </ul>
 */
public final class ProtectedSnapshots {
  public static final String SINK_OFFSETS_PREFIX = "kafka.connect.offsets.";

  private final Map<String, Long> sinkOffsetSnapshots;
  private final Long compactionStart;

  private ProtectedSnapshots(Map<String, Long> sinkOffsetSnapshots, Long compactionStart) {
    this.sinkOffsetSnapshots = Map.copyOf(sinkOffsetSnapshots);
    this.compactionStart = compactionStart;
  }

  public static ProtectedSnapshots of(Table table) {
    Map<String, Long> latestPerSink = new LinkedHashMap<>();
    if (table.currentSnapshot() != null) {
      latestSinkOffsets(SnapshotUtil.currentAncestors(table)).forEach((key, snapshot) -> latestPerSink.put(key, snapshot.snapshotId()));
    }
    String start = table.properties().get(TableLease.COMPACTION_START_SNAPSHOT);
    return new ProtectedSnapshots(latestPerSink, start == null ? null : Long.parseLong(start));
  }

  /** For each sink offsets key, the first snapshot of the ancestry (newest first) that carries it: where the sink looks. */
  public static Map<String, Snapshot> latestSinkOffsets(Iterable<Snapshot> ancestry) {
    Map<String, Snapshot> latest = new LinkedHashMap<>();
    for (Snapshot snapshot : ancestry) {
      for (String key : snapshot.summary().keySet()) {
        if (key.startsWith(SINK_OFFSETS_PREFIX)) {
          latest.putIfAbsent(key, snapshot);
        }
      }
    }
    return latest;
  }

  /** Offsets summary key to the snapshot that carries the latest offsets for it. */
  public Map<String, Long> sinkOffsetSnapshots() {
    return sinkOffsetSnapshots;
  }

  public Set<Long> ids() {
    Set<Long> ids = new HashSet<>(sinkOffsetSnapshots.values());
    if (compactionStart != null) {
      ids.add(compactionStart);
    }
    return ids;
  }
}
