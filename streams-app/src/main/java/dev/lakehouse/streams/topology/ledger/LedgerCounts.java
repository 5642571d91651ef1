package dev.lakehouse.streams.topology.ledger;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;

/**
 * Running totals of what happened to the records of one input partition, since the application
 * first read it: how many went where ({@link Fate}) and the first and last offset read. A ledger
 * row is the difference between two of them.
 */
final class LedgerCounts {
  static final long NONE = -1L;

  final long[] counts;
  long firstOffset;
  long lastOffset;

  LedgerCounts() {
    this(new long[Fate.values().length], NONE, NONE);
  }

  private LedgerCounts(long[] counts, long firstOffset, long lastOffset) {
    this.counts = counts;
    this.firstOffset = firstOffset;
    this.lastOffset = lastOffset;
  }

  long get(Fate fate) {
    return counts[fate.ordinal()];
  }

  void add(Fate fate) {
    counts[fate.ordinal()]++;
  }

  /** Counts a record read at {@code offset} (in offset order) that ended as each of {@code fates}. */
  void read(long offset, Fate... fates) {
    if (firstOffset == NONE) {
      firstOffset = offset;
    }
    lastOffset = offset;
    add(Fate.READ);
    for (Fate fate : fates) {
      add(fate);
    }
  }

  /** The counts of both; the offsets they read between them. */
  LedgerCounts plus(LedgerCounts other) {
    long[] sum = counts.clone();
    for (int i = 0; i < sum.length; i++) {
      sum[i] += other.counts[i];
    }
    long first = firstOffset == NONE || other.firstOffset == NONE
        ? Math.max(firstOffset, other.firstOffset) : Math.min(firstOffset, other.firstOffset);
    return new LedgerCounts(sum, first, Math.max(lastOffset, other.lastOffset));
  }

  /** The counts of this one less those of {@code earlier}; offsets from this one. */
  LedgerCounts minus(LedgerCounts earlier) {
    long[] difference = counts.clone();
    for (int i = 0; i < difference.length; i++) {
      difference[i] -= earlier.counts[i];
    }
    return new LedgerCounts(difference, firstOffset, lastOffset);
  }

  /** Records dead-lettered when read (validation); not the payments dead-lettered later as unknown orders. */
  long deadLettered() {
    return Arrays.stream(Fate.values())
        .filter(f -> f.name().startsWith("DEAD_LETTERED_") && f != Fate.DEAD_LETTERED_UNKNOWN_ORDER)
        .mapToLong(this::get).sum();
  }

  /** Store serde: the two offsets, then the counts in {@link Fate} order. */
  static Serde<LedgerCounts> serde() {
    return Serdes.serdeFrom((topic, value) -> {
      if (value == null) {
        return null;
      }
      ByteBuffer buffer = ByteBuffer.allocate(Long.BYTES * (2 + value.counts.length));
      buffer.putLong(value.firstOffset).putLong(value.lastOffset);
      for (long count : value.counts) {
        buffer.putLong(count);
      }
      return buffer.array();
    }, (topic, bytes) -> {
      if (bytes == null) {
        return null;
      }
      if (bytes.length % Long.BYTES != 0 || bytes.length < 2 * Long.BYTES) {
        throw new SerializationException("Cannot read ledger counts of " + bytes.length + " bytes: expected longs");
      }
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      long first = buffer.getLong();
      long last = buffer.getLong();
      int stored = buffer.remaining() / Long.BYTES;
      if (stored > Fate.values().length) {
        throw new SerializationException("Cannot read ledger counts of " + stored + " fates: this version of the app"
            + " knows " + Fate.values().length + "; a newer one wrote them (roll forward, or reset the application)");
      }
      // counts stored by an older version, with fewer fates, read as zero for the new ones
      long[] counts = new long[Fate.values().length];
      for (int i = 0; buffer.hasRemaining(); i++) {
        counts[i] = buffer.getLong();
      }
      return new LedgerCounts(counts, first, last);
    });
  }
}
