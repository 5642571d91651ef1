package dev.lakehouse.maintenance.audit;

import java.time.Instant;

/**
 * One {@code pipeline_ledger} row: the offsets {@code first..last} of one input partition, read in
 * one ledger interval, and how many of those records went to each table.
 *
 * @param index this row's position among all the ledger's rows (where a tally counts it)
 * @param unknownOrders payments dead-lettered as UNKNOWN_ORDER in the row's interval (whatever their
 *     offsets), or null in rows of Streams app builds that did not count them
 */
record LedgerInterval(int index, String topic, int partition, long firstOffset, long lastOffset, long kept, long late,
    long deadLettered, Long unknownOrders, Instant emittedAt) {

  /** How a finding names it, e.g. {@code orders-0 offsets 100..250}. */
  String describe() {
    return topic + "-" + partition + " offsets " + firstOffset + ".." + lastOffset;
  }
}
