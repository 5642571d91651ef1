package dev.lakehouse.maintenance.compaction;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.StructLike;

/**
 * Tells when a time partition (hour, day, month or year transform) ends. Streams only append to
 * the open window plus late records within the grace period, so a partition whose end lies
 * further back than window + grace + margin receives no more files: it is sealed.
 */
final class PartitionClock {
  private static final java.util.Set<String> TIME_TRANSFORMS = java.util.Set.of("hour", "day", "month", "year");

  private PartitionClock() {}

  /** The end of the partition's time range, if the spec has a time transform with a value. */
  static Optional<Instant> end(PartitionSpec spec, StructLike partition) {
    List<PartitionField> fields = spec.fields();
    for (int i = 0; i < fields.size(); i++) {
      String transform = fields.get(i).transform().toString();
      if (!TIME_TRANSFORMS.contains(transform)) {
        continue;
      }
      Integer ordinal = partition.get(i, Integer.class);
      if (ordinal == null) {
        continue;
      }
      switch (transform) {
        case "hour":
          return Optional.of(Instant.ofEpochSecond((ordinal + 1L) * 3600));
        case "day":
          return Optional.of(LocalDate.ofEpochDay(ordinal + 1L).atStartOfDay().toInstant(ZoneOffset.UTC));
        case "month":
          return Optional.of(LocalDate.of(1970, 1, 1).plusMonths(ordinal + 1L).atStartOfDay().toInstant(ZoneOffset.UTC));
        case "year":
          return Optional.of(LocalDate.of(1970 + ordinal + 1, 1, 1).atStartOfDay().toInstant(ZoneOffset.UTC));
        default:
          break;
      }
    }
    return Optional.empty();
  }
}
