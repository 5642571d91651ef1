package dev.lakehouse.maintenance.support;

import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;

/** The Iceberg sink's own lookup of its offsets: walk back from the current snapshot to the first with the key. */
public final class SinkOffsets {
  /** The key the Iceberg sink writes: kafka.connect.offsets.<control-topic>.<connect group>. */
  public static final String SINK_KEY = "kafka.connect.offsets.control-iceberg.connect-lakehouse-sink";

  private SinkOffsets() {}

  public static String asTheSinkReadsThem(Table table, String key) {
    for (Snapshot s = table.currentSnapshot(); s != null; s = s.parentId() == null ? null : table.snapshot(s.parentId())) {
      if (s.summary().containsKey(key)) {
        return s.summary().get(key);
      }
    }
    return null;
  }
}
