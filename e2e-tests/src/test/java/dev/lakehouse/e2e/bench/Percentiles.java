package dev.lakehouse.e2e.bench;

import java.util.List;

/** Nearest-rank percentiles of a sample. */
final class Percentiles {
  private final long[] sorted;

  Percentiles(List<Long> values) {
    sorted = values.stream().mapToLong(Long::longValue).sorted().toArray();
    if (sorted.length == 0) {
      throw new IllegalArgumentException("Cannot compute percentiles of an empty sample");
    }
  }

  long at(double percent) {
    int rank = (int) Math.ceil(percent / 100 * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }

  int size() {
    return sorted.length;
  }
}
