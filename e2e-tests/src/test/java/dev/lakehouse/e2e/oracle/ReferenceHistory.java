package dev.lakehouse.e2e.oracle;

import java.util.HashMap;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.apache.avro.generic.GenericRecord;

/** Every version of the customers (or merchants) by id and valid-from time, for as-of lookups. */
final class ReferenceHistory {
  private final Map<String, NavigableMap<Long, GenericRecord>> versions = new HashMap<>();

  void add(String id, long validFrom, GenericRecord version) {
    versions.computeIfAbsent(id, k -> new TreeMap<>()).put(validFrom, version);
  }

  /** The version valid at {@code time}: the latest one valid from at or before it, or null. */
  GenericRecord asOf(String id, long time) {
    NavigableMap<Long, GenericRecord> history = versions.get(id);
    if (history == null) {
      return null;
    }
    Map.Entry<Long, GenericRecord> entry = history.floorEntry(time);
    return entry == null ? null : entry.getValue();
  }
}
