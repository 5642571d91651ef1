package dev.lakehouse.streams.topology.enrich;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.avro.generic.GenericRecord;

/**
 * The kept versions of one customer or merchant, each valid from its {@code updated_at} until the
 * next, for as-of lookups; a deletion is a version without a value. Immutable; versions are sorted
 * by valid-from time.
 */
final class ReferenceHistory {
  static final ReferenceHistory EMPTY = new ReferenceHistory(List.of());

  record Version(long validFrom, GenericRecord value) {}

  private final List<Version> versions;

  ReferenceHistory(List<Version> versions) {
    this.versions = Collections.unmodifiableList(versions);
  }

  List<Version> versions() {
    return versions;
  }

  /** The version valid at {@code time}: the latest one valid from at or before it; null if none or deleted. */
  GenericRecord asOf(long time) {
    GenericRecord found = null;
    for (Version version : versions) {
      if (version.validFrom() > time) {
        break;
      }
      found = version.value();
    }
    return found;
  }

  /**
   * This history with {@code value} valid from {@code validFrom} (replacing a version valid from the
   * same instant), without the versions that no lookup at or after {@code keepFrom} can return:
   * those before the one valid at {@code keepFrom}.
   */
  ReferenceHistory with(long validFrom, GenericRecord value, long keepFrom) {
    List<Version> updated = new ArrayList<>(versions.size() + 1);
    int at = 0;
    while (at < versions.size() && versions.get(at).validFrom() < validFrom) {
      at++;
    }
    updated.addAll(versions.subList(0, at));
    updated.add(new Version(validFrom, value));
    int next = at < versions.size() && versions.get(at).validFrom() == validFrom ? at + 1 : at;
    updated.addAll(versions.subList(next, versions.size()));
    int firstKept = 0;
    while (firstKept + 1 < updated.size() && updated.get(firstKept + 1).validFrom() <= keepFrom) {
      firstKept++;
    }
    return new ReferenceHistory(updated.subList(firstKept, updated.size()));
  }
}
