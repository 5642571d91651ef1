package dev.lakehouse.peerflink.enrich;

import dev.lakehouse.peerflink.model.ReferenceVersion;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The versions of one customer or merchant, oldest first. A version is valid from its validFrom
 * until the next one's; a deletion (tombstone) is a version without a value. History is kept for the retention behind the newest version; the version
 * valid at the start of the kept history stays, as the Streams app's versioned tables keep it.
 */
public record VersionHistory(ReferenceVersion[] versions) {

  public static VersionHistory of(ReferenceVersion version) {
    return new VersionHistory(new ReferenceVersion[] {version});
  }

  /** This history with {@code version} added (replacing one valid from the same instant) and old ones pruned. */
  public VersionHistory with(ReferenceVersion version, long retentionMs) {
    List<ReferenceVersion> all = new ArrayList<>(List.of(versions));
    all.removeIf(v -> v.validFrom() == version.validFrom());
    all.add(version);
    all.sort(Comparator.comparingLong(ReferenceVersion::validFrom));
    long keptFrom = all.get(all.size() - 1).validFrom() - retentionMs;
    // drop a version only when its successor was already valid at the start of the kept history
    while (all.size() > 1 && all.get(1).validFrom() <= keptFrom) {
      all.remove(0);
    }
    return new VersionHistory(all.toArray(ReferenceVersion[]::new));
  }

  /** The version valid at {@code time}, or null when none was (none yet, or deleted by then). */
  public ReferenceVersion asOf(long time) {
    ReferenceVersion valid = null;
    for (ReferenceVersion version : versions) {
      if (version.validFrom() > time) {
        break;
      }
      valid = version;
    }
    return valid == null || valid.deleted() ? null : valid;
  }
}
