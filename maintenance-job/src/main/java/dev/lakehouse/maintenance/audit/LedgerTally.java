package dev.lakehouse.maintenance.audit;

import dev.lakehouse.schemas.Topics;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import org.apache.iceberg.data.Record;

/**
 * Counts one table's rows into the ledger rows that counted their input offsets (by the lineage
 * columns), then compares each count with what the ledger row says went to this table.
 */
final class LedgerTally {
  /** What a ledger row counts for a table, and which of its rows the ledger counts. */
  record Expectation(ToLongFunction<LedgerInterval> count, List<String> columns, Predicate<Record> counted) {}

  private static final Predicate<Record> EVERY_ROW = row -> true;
  private static final Map<String, Expectation> BY_TABLE = Map.of(
      "orders_enriched",
      new Expectation(row -> row.topic().equals(Topics.ORDERS) ? row.kept() : 0, ResultKeys.LINEAGE, EVERY_ROW),
      "late_events", new Expectation(LedgerInterval::late, ResultKeys.LINEAGE, EVERY_ROW),
      // UNKNOWN_ORDER is decided by the join, after the ledger counted the payment as kept: by verdict time
      "dead_letters", new Expectation(LedgerInterval::deadLettered,
          Stream.concat(ResultKeys.LINEAGE.stream(), Stream.of("error_class", "processing_time")).toList(),
          row -> !UnknownOrderTally.ERROR_CLASS.equals(row.getField("error_class"))));

  private final LedgerIntervals ledger;
  private final Expectation expectation;
  private final long[] landed;
  // the dead letters the join decides, on dead_letters only
  private final Optional<UnknownOrderTally> unknownOrders;
  private long uncounted;

  private LedgerTally(LedgerIntervals ledger, Expectation expectation, boolean deadLetters) {
    this.ledger = ledger;
    this.expectation = expectation;
    this.landed = new long[ledger.all().size()];
    this.unknownOrders = deadLetters ? Optional.of(new UnknownOrderTally(ledger)) : Optional.empty();
  }

  /** A tally for a landed table the ledger counts rows of, or empty for any other table. */
  static Optional<LedgerTally> of(String tableName, LedgerIntervals ledger) {
    return Optional.ofNullable(BY_TABLE.get(tableName))
        .map(expectation -> new LedgerTally(ledger, expectation, tableName.equals("dead_letters")));
  }

  List<String> columns() {
    return expectation.columns();
  }

  void add(Record row) {
    String topic = (String) row.getField("source_topic");
    if (UnknownOrderTally.ERROR_CLASS.equals(row.getField("error_class")) && Topics.PAYMENTS.equals(topic)) {
      unknownOrders.ifPresent(tally -> tally.add(row));
    }
    if (!expectation.counted().test(row) || !ledger.counts(topic)) {
      return;
    }
    LedgerInterval counted = ledger.locate(topic, (Integer) row.getField("source_partition"),
        (Long) row.getField("source_offset"));
    if (counted == null) {
      uncounted++;
    } else {
      landed[counted.index()]++;
    }
  }

  /**
   * @param settledBefore ledger rows emitted before it must have landed whole; younger ones may be short
   * @param erased rows erasures removed from the table
   */
  LedgerCheck result(Instant settledBefore, long erased) {
    long expected = 0;
    long landedTotal = 0;
    long missing = 0;
    long pending = 0;
    long extra = 0;
    List<String> findings = new ArrayList<>();
    for (LedgerInterval row : ledger.all()) {
      long count = expectation.count().applyAsLong(row);
      long rows = landed[row.index()];
      expected += count;
      landedTotal += rows;
      boolean settled = row.emittedAt().isBefore(settledBefore);
      if (rows > count) {
        extra += rows - count;
      } else if (settled) {
        missing += count - rows;
      } else {
        pending += count - rows;
      }
      if (rows != count && (settled || rows > count) && findings.size() < TableAudit.EXAMPLES) {
        findings.add(row.describe() + ": " + rows + " rows, the ledger counts " + count);
      }
    }
    LedgerCheck check = new LedgerCheck(expected, landedTotal, missing, pending, extra, erased, uncounted, -1, findings);
    return unknownOrders.map(tally -> tally.addTo(check, settledBefore)).orElse(check);
  }
}
