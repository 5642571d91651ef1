package dev.lakehouse.streams.topology.ledger;

import dev.lakehouse.streams.topology.deadletters.ErrorClass;

/** Where a record went; new fates go at the end (stored counts are read by position). */
public enum Fate {
  READ,
  DUPLICATE_DROPPED,
  KEPT,
  /** Kept and sent on to a window step (PLACED orders, payments): there it is windowed or {@link #LATE}. */
  WINDOW_INPUT,
  LATE,
  DEAD_LETTERED_DESERIALIZATION,
  DEAD_LETTERED_UNKNOWN_SCHEMA,
  DEAD_LETTERED_MISSING_KEY,
  DEAD_LETTERED_MISSING_FIELD,
  DEAD_LETTERED_INVALID_AMOUNT,
  DEAD_LETTERED_INVALID_VALUE,
  DEAD_LETTERED_EVENT_TIME_OUT_OF_RANGE,
  /** A kept payment that no order matched by its deadline: counted when dead-lettered, not when read. */
  DEAD_LETTERED_UNKNOWN_ORDER;

  public static Fate deadLettered(ErrorClass errorClass) {
    return valueOf("DEAD_LETTERED_" + errorClass.name());
  }
}
