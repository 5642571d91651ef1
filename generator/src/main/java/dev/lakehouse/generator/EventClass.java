package dev.lakehouse.generator;

/** What the generator meant a produced record to be, so tests can reconcile every output with it. */
public enum EventClass {
  /** A valid event at the current event-time head. */
  VALID,
  /** A valid event whose event time lies a little (far less than the grace period) behind the head. */
  OUT_OF_ORDER_IN_GRACE,
  /** A valid event whose event time lies far beyond the grace period behind the head: a late event. */
  BEYOND_GRACE,
  /** The same key and value bytes as a recent valid event, re-sent soon after it (a producer retry). */
  DUPLICATE,
  /** A record the Streams app must send to dead letters; see {@link MalformedKind}. */
  MALFORMED,
  /** The first version of a customer or merchant, produced before any event. */
  REFERENCE_INITIAL,
  /** A later version of a customer or merchant, produced before the event time it is valid from. */
  REFERENCE_UPDATE,
  /** Events far in the event-time future that advance stream time on every partition, closing earlier windows. */
  TAIL
}
