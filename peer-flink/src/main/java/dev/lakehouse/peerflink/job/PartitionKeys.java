package dev.lakehouse.peerflink.job;

import java.io.Serializable;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;

/**
 * The Flink key of each input partition number, for the operators that own whole input partitions
 * as Kafka Streams tasks do (the order tracker: partition n of {@code orders} and of
 * {@code payments} together, with their own clocks). Flink hashes keys to key groups, and partition
 * numbers hashed as they are can land in one subtask; so partition n gets a key of the key group
 * n x {@link #MAX_PARALLELISM} / partitions, which spreads the partitions evenly over the subtasks
 * at any parallelism and keeps each partition's key (and its state) the same when it changes.
 */
public final class PartitionKeys implements Serializable {
  /** The job's max parallelism (number of key groups): part of its state layout, never changed. */
  public static final int MAX_PARALLELISM = 128;

  private final int[] keys;

  private PartitionKeys(int[] keys) {
    this.keys = keys;
  }

  /** The keys of input topics with {@code partitions} partitions. */
  public static PartitionKeys of(int partitions) {
    if (partitions < 1 || partitions > MAX_PARALLELISM) {
      throw new IllegalArgumentException("Cannot key " + partitions + " input partitions: the job handles 1 to "
          + MAX_PARALLELISM + " (its max parallelism)");
    }
    int[] keys = new int[partitions];
    Set<Integer> taken = new HashSet<>();
    for (int partition = 0; partition < partitions; partition++) {
      int keyGroup = partition * MAX_PARALLELISM / partitions;
      int key = 0;
      while (taken.contains(key) || KeyGroupRangeAssignment.assignToKeyGroup(key, MAX_PARALLELISM) != keyGroup) {
        key++;
      }
      taken.add(key);
      keys[partition] = key;
    }
    return new PartitionKeys(keys);
  }

  public int partitions() {
    return keys.length;
  }

  /** The key of input partition {@code partition}. */
  public int keyOf(int partition) {
    return keys[partition];
  }

  /** The input partitions whose key the subtask {@code subtask} of {@code parallelism} owns. */
  public int[] ownedBy(int subtask, int parallelism) {
    return IntStream.range(0, keys.length)
        .filter(partition -> KeyGroupRangeAssignment.assignKeyToParallelOperator(keys[partition], MAX_PARALLELISM,
            parallelism) == subtask)
        .toArray();
  }

  @Override
  public String toString() {
    return "PartitionKeys" + Arrays.toString(keys);
  }
}
