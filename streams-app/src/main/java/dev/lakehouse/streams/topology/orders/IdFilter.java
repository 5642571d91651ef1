package dev.lakehouse.streams.topology.orders;

import java.util.ArrayList;
import java.util.List;

/**
 * A Bloom filter of ids that grows with what it holds: a chain of bit sets, each twice as large as
 * the one before, every one sized for about 1 % false positives when full. It may answer "maybe"
 * for an id never added (then the caller looks, as without the filter), never "no" for one added.
 * Its memory is bounded: past {@link #MAX_IDS} ids (about 10 MB of bits) it answers "maybe" for
 * every id and holds nothing more.
 */
final class IdFilter {
  private static final int HASHES = 7;
  private static final int BITS_PER_ID = 10;
  private static final int FIRST_CAPACITY = 1 << 14;
  static final int MAX_IDS = 1 << 23;

  private final List<long[]> bitSets = new ArrayList<>();
  private int capacityOfLast;
  private int inLast;
  private int added;

  IdFilter() {
    grow(FIRST_CAPACITY);
  }

  void add(String id) {
    if (isSaturated()) {
      return;
    }
    if (++added == MAX_IDS) {
      bitSets.clear(); // from now on every answer is "maybe"
      return;
    }
    if (inLast == capacityOfLast) {
      grow(capacityOfLast * 2);
    }
    long hash = hash(id);
    long[] bits = bitSets.get(bitSets.size() - 1);
    for (int i = 0; i < HASHES; i++) {
      int bit = bit(hash, i, bits.length * 64);
      bits[bit >>> 6] |= 1L << bit;
    }
    inLast++;
  }

  boolean mayContain(String id) {
    if (isSaturated()) {
      return true;
    }
    long hash = hash(id);
    for (long[] bits : bitSets) {
      if (allSet(bits, hash)) {
        return true;
      }
    }
    return false;
  }

  private boolean isSaturated() {
    return added >= MAX_IDS;
  }

  private static boolean allSet(long[] bits, long hash) {
    for (int i = 0; i < HASHES; i++) {
      int bit = bit(hash, i, bits.length * 64);
      if ((bits[bit >>> 6] & (1L << bit)) == 0) {
        return false;
      }
    }
    return true;
  }

  private void grow(int capacity) {
    bitSets.add(new long[Math.max(1, capacity * BITS_PER_ID / 64)]);
    capacityOfLast = capacity;
    inLast = 0;
  }

  /** The i-th bit of an id (double hashing: the two halves of one 64-bit hash). */
  private static int bit(long hash, int i, int size) {
    int combined = (int) hash + i * (int) (hash >>> 32);
    return (combined & Integer.MAX_VALUE) % size;
  }

  /** FNV-1a over the characters, then murmur3's finalizer so that every bit depends on every character. */
  private static long hash(String id) {
    long hash = 0xcbf29ce484222325L;
    for (int i = 0; i < id.length(); i++) {
      hash = (hash ^ id.charAt(i)) * 0x100000001b3L;
    }
    hash ^= hash >>> 33;
    hash *= 0xff51afd7ed558ccdL;
    hash ^= hash >>> 33;
    hash *= 0xc4ceb9fe1a85ec53L;
    return hash ^ (hash >>> 33);
  }
}
