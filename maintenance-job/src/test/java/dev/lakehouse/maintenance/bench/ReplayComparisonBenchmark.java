package dev.lakehouse.maintenance.bench;

import dev.lakehouse.maintenance.audit.Audit;
import dev.lakehouse.maintenance.audit.TableAuditResult;
import dev.lakehouse.maintenance.replay.ReplayComparison;
import dev.lakehouse.maintenance.support.LedgerTables;
import dev.lakehouse.maintenance.support.PersonalTables;
import dev.lakehouse.maintenance.support.ReplayTables;
import dev.lakehouse.maintenance.support.TestWarehouse;
import dev.lakehouse.testkit.Folders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.data.Record;

/**
 * The replay comparison's time on the scale (about 300,000 orders and as many order
 * outcomes, in sink-sized files, in a live namespace and a replay of it written apart with other
 * processing times), against the audit of the same live tables in the same run (which reads their
 * key columns): what a {@code replay compare} or {@code replay switch} costs beside the audit it
 * already needs. Best of three, interleaved. Not a test: run it with the command in bench/RESULTS.md.
 */
public final class ReplayComparisonBenchmark {
  static final int ORDERS = Integer.getInteger("bench.orders", 300_000);
  static final int ROWS_PER_FILE = Integer.getInteger("bench.rows-per-file", 2_500);
  static final int REPEATS = 3;
  private static final String LIVE = "live";
  private static final String REPLAY = "live_replay_1";

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(System.getProperty("bench.dir", "target/bench-compare")).toAbsolutePath();
    Folders.delete(dir);
    Files.createDirectories(dir);
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      long t0 = System.nanoTime();
      Instant hour = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(1, ChronoUnit.DAYS);
      seed(warehouse, LIVE, hour, hour.plus(1, ChronoUnit.HOURS));
      seed(warehouse, REPLAY, hour, hour.plus(2, ChronoUnit.HOURS));
      System.out.printf(Locale.ROOT, "seeded %,d orders_enriched and %,d order_payments rows per namespace in files of"
          + " %,d, in %.1f s%n", ORDERS, ORDERS, ROWS_PER_FILE, seconds(t0));
      compare(warehouse);  // warm-up: the JIT and the S3 server
      audit(warehouse);
      double compare = Double.MAX_VALUE;
      double audit = Double.MAX_VALUE;
      for (int i = 0; i < REPEATS; i++) {
        compare = Math.min(compare, compare(warehouse));
        audit = Math.min(audit, audit(warehouse));
      }
      System.out.printf(Locale.ROOT, "audit of the live tables (baseline): %.2f s%n", audit);
      System.out.printf(Locale.ROOT, "replay compare time: %.2f%n", compare);
      System.out.printf(Locale.ROOT, "replay compare rows per second: %,.0f%n", 4.0 * ORDERS / compare);
    }
  }

  /** The same rows in each namespace, but for the processing time; a ledger that read every offset. */
  private static void seed(TestWarehouse warehouse, String namespace, Instant hour, Instant processed)
      throws Exception {
    Table orders = create(warehouse, namespace, "orders_enriched", ReplayTables.ORDERS_ENRICHED);
    Table payments = create(warehouse, namespace, "order_payments", ReplayTables.ORDER_PAYMENTS);
    for (long first = 0; first < ORDERS; first += ROWS_PER_FILE) {
      List<Record> orderRows = new ArrayList<>(ROWS_PER_FILE);
      List<Record> paymentRows = new ArrayList<>(ROWS_PER_FILE);
      for (long offset = first; offset < Math.min(first + ROWS_PER_FILE, ORDERS); offset++) {
        Instant time = hour.plusMillis(offset % 3_600_000);
        orderRows.add(ReplayTables.order(offset, "cus-" + offset % 997, "10.00", time, processed));
        paymentRows.add(ReplayTables.orderPayment("o-" + offset, offset % 4 == 0 ? null : "p-" + offset, offset, time,
            processed));
      }
      TestWarehouse.appendRows(orders, orderRows);
      TestWarehouse.appendRows(payments, paymentRows);
    }
    Table ledger = create(warehouse, namespace, "pipeline_ledger", LedgerTables.LEDGER);
    TestWarehouse.appendRows(ledger, List.of(
        LedgerTables.withStreamTime(LedgerTables.ledgerRow("orders", 0, 0, ORDERS - 1, ORDERS, 0, 0, hour, hour), hour),
        LedgerTables.withStreamTime(LedgerTables.ledgerRow("payments", 0, 0, ORDERS - 1, ORDERS, 0, 0, hour, hour), hour)));
  }

  private static Table create(TestWarehouse warehouse, String namespace, String name, Schema schema) {
    return PersonalTables.create(warehouse.catalog(), namespace, name, schema);
  }

  private static double compare(TestWarehouse warehouse) {
    long t0 = System.nanoTime();
    ReplayComparison comparison = ReplayComparison.compare(warehouse.catalog(), Namespace.of(LIVE), Namespace.of(REPLAY),
        Instant.now(), Duration.ofMinutes(32));
    double seconds = seconds(t0);
    if (!comparison.same()) {
      throw new IllegalStateException("the seeded replay must compare the same:\n" + comparison.text());
    }
    return seconds;
  }

  private static double audit(TestWarehouse warehouse) {
    long t0 = System.nanoTime();
    List<TableAuditResult> results = Audit.run(warehouse.catalog(), List.of(LIVE + ".*"), Instant.now());
    double seconds = seconds(t0);
    if (results.stream().map(TableAuditResult::table).noneMatch(t -> t.endsWith("orders_enriched"))) {
      throw new IllegalStateException("the audit must read the seeded tables:\n" + Audit.text(results));
    }
    return seconds;
  }

  private static double seconds(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
