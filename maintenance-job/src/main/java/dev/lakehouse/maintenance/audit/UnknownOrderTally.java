package dev.lakehouse.maintenance.audit;

import dev.lakehouse.schemas.Topics;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.iceberg.data.Record;

/**
 * The payments dead-lettered as UNKNOWN_ORDER held against the ledger. The join decides them after the
 * ledger counted the payment as kept, so a ledger row counts them by when the verdict came, not by
 * their offsets: per payments partition, the dead letters written up to its newest ledger row equal
 * the sum of its rows' {@code dead_lettered_unknown_order}; younger ones are counted by the next row.
 * Partitions with rows of Streams app builds that did not count them (null) are not held.
 */
final class UnknownOrderTally {
  static final String ERROR_CLASS = "UNKNOWN_ORDER";

  private final LedgerIntervals ledger;
  private final Map<Integer, Long> landed = new TreeMap<>();
  private long uncounted;

  UnknownOrderTally(LedgerIntervals ledger) {
    this.ledger = ledger;
  }

  /** Counts a dead_letters row of error class UNKNOWN_ORDER (a row without processing_time counts as written long ago). */
  void add(Record row) {
    int partition = (Integer) row.getField("source_partition");
    List<LedgerInterval> rows = ledger.of(Topics.PAYMENTS, partition);
    OffsetDateTime written = (OffsetDateTime) row.getField("processing_time");
    if (rows.isEmpty() || written != null && written.toInstant().isAfter(newest(rows).emittedAt())) {
      uncounted++;
    } else {
      landed.merge(partition, 1L, Long::sum);
    }
  }

  /** Adds what it found to the dead_letters check: expected, landed, missing, pending, extra and the findings. */
  LedgerCheck addTo(LedgerCheck check, Instant settledBefore) {
    long expected = 0;
    long landedTotal = 0;
    long missing = 0;
    long pending = 0;
    long extra = 0;
    List<String> findings = new ArrayList<>(check.findings());
    for (int partition : ledger.partitions(Topics.PAYMENTS)) {
      List<LedgerInterval> rows = ledger.of(Topics.PAYMENTS, partition);
      if (rows.stream().anyMatch(r -> r.unknownOrders() == null)) {
        continue;
      }
      long count = rows.stream().mapToLong(LedgerInterval::unknownOrders).sum();
      long deadLetters = landed.getOrDefault(partition, 0L);
      expected += count;
      landedTotal += deadLetters;
      boolean settled = newest(rows).emittedAt().isBefore(settledBefore);
      if (deadLetters > count) {
        extra += deadLetters - count;
      } else if (settled) {
        missing += count - deadLetters;
      } else {
        pending += count - deadLetters;
      }
      if (deadLetters != count && (settled || deadLetters > count) && findings.size() < TableAudit.EXAMPLES) {
        findings.add("payments-" + partition + ": " + deadLetters + " UNKNOWN_ORDER dead letters, the ledger counts " + count);
      }
    }
    return new LedgerCheck(check.expected() + expected, check.landed() + landedTotal, check.missing() + missing,
        check.pending() + pending, check.extra() + extra, check.erased(), check.uncounted() + uncounted,
        check.ledgerGaps(), findings);
  }

  private static LedgerInterval newest(List<LedgerInterval> rows) {
    return rows.get(rows.size() - 1);
  }
}
