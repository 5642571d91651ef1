package dev.lakehouse.streams.topology.orders;

/**
 * How much of its state the order tracker keeps in memory per task, in front of RocksDB.
 *
 * @param keptStates how many recently written order states to keep ({@link OrderStates})
 * @param deadlineHints how many of the deadlines due soonest to keep in memory ({@link DeadlineIndex})
 */
public record TrackerMemory(int keptStates, int deadlineHints) {
  public static final TrackerMemory DEFAULT = new TrackerMemory(OrderStates.KEPT_STATES, DeadlineIndex.KEPT_IN_MEMORY);
}
