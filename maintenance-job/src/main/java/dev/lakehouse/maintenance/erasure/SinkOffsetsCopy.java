package dev.lakehouse.maintenance.erasure;

import dev.lakehouse.maintenance.expiry.ProtectedSnapshots;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotAncestryValidator;

/**
 * Copies the sink's latest offsets (every {@code kafka.connect.offsets.*} key) into the erasure's
 * snapshot, so the sink finds them there and expiry may take every snapshot before it. A copy made
 * in advance could move the offsets backwards if a sink commit landed before ours. This one is made
 * while Iceberg builds the snapshot: it runs as the build's validation, against the table state the
 * snapshot is committed on (and again, on the new state, when a concurrent commit makes Iceberg
 * build it anew), and sets what it finds into the summary being built. That relies on iceberg-core
 * validating before it writes the summary ({@code SnapshotProducer.apply}, 1.12); ErasureTest
 * fails if that changes.
 */
final class SinkOffsetsCopy implements SnapshotAncestryValidator {
  private final BiConsumer<String, String> summary;
  private volatile Map<String, String> copied = Map.of();

  SinkOffsetsCopy(BiConsumer<String, String> summary) {
    this.summary = summary;
  }

  /** What the last build copied. */
  Map<String, String> copied() {
    return copied;
  }

  @Override
  public boolean validate(Iterable<Snapshot> baseSnapshots) {
    Map<String, String> latest = new LinkedHashMap<>();
    ProtectedSnapshots.latestSinkOffsets(baseSnapshots).forEach((key, snapshot) -> latest.put(key, snapshot.summary().get(key)));
    latest.forEach(summary);
    copied = Map.copyOf(latest);
    return true;
  }
}
