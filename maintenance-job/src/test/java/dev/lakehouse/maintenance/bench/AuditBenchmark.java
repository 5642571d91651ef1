package dev.lakehouse.maintenance.bench;

import dev.lakehouse.maintenance.audit.Audit;
import dev.lakehouse.maintenance.audit.TableAuditResult;
import dev.lakehouse.maintenance.support.LedgerTables;
import dev.lakehouse.maintenance.support.PersonalTables;
import dev.lakehouse.maintenance.support.TestWarehouse;
import dev.lakehouse.testkit.Folders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.LongStream;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;

/**
 * The audit's time on soak-sized tables (a million orders over the input partitions, landed in
 * sink-sized files, with late events, dead letters and a ledger row per partition and interval),
 * with the ledger and without it (the same data files registered in a second namespace that has no
 * {@code pipeline_ledger}): what the reconciliation adds to the duplicate checks. Best of three,
 * interleaved. Not a test: run it with the command in bench/RESULTS.md.
 */
public final class AuditBenchmark {
  static final int ORDERS = Integer.getInteger("bench.orders", 1_000_000);
  static final int PARTITIONS = Integer.getInteger("bench.partitions", 4);
  static final int ROWS_PER_FILE = Integer.getInteger("bench.rows-per-file", 2_500);
  static final int LEDGER_INTERVAL = 2_000;
  static final int REPEATS = 3;

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(System.getProperty("bench.dir", "target/bench-audit")).toAbsolutePath();
    Folders.delete(dir);
    Files.createDirectories(dir);
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      long t0 = System.nanoTime();
      seed(warehouse);
      System.out.printf(Locale.ROOT, "seeded %,d orders_enriched rows in files of %,d, over %d partitions, in %.1f s%n",
          ORDERS, ROWS_PER_FILE, PARTITIONS, seconds(t0));
      audit(warehouse, "with_ledger");  // warm-up: the JIT and the S3 server
      double with = Double.MAX_VALUE;
      double without = Double.MAX_VALUE;
      for (int i = 0; i < REPEATS; i++) {
        with = Math.min(with, audit(warehouse, "with_ledger"));
        without = Math.min(without, audit(warehouse, "without_ledger"));
      }
      System.out.printf(Locale.ROOT, "audit without the ledger (duplicate files and keys only): %.2f s%n", without);
      System.out.printf(Locale.ROOT, "audit time: %.2f%n", with);
      System.out.printf(Locale.ROOT, "ledger reconciliation cost: %.2f%n", with / without);
    }
  }

  /**
   * Per partition: orders at offsets 0, 1, ... with every 50th a dead letter and every 100th kept
   * order also late; a ledger row per {@link #LEDGER_INTERVAL} offsets. The same files also go to
   * the namespace without a ledger.
   */
  private static void seed(TestWarehouse warehouse) throws Exception {
    Instant hour = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(1, ChronoUnit.DAYS);
    Table ledger = PersonalTables.create(warehouse.catalog(), "with_ledger", "pipeline_ledger", LedgerTables.LEDGER);
    Map<String, List<Table>> tables = Map.of(
        "orders_enriched", create(warehouse, "orders_enriched", LedgerTables.WITH_LINEAGE),
        "late_events", create(warehouse, "late_events", LedgerTables.WITH_LINEAGE),
        "dead_letters", create(warehouse, "dead_letters", LedgerTables.DEAD_LETTERS));
    long perPartition = ORDERS / PARTITIONS;
    List<Record> ledgerRows = new ArrayList<>();
    for (int partition = 0; partition < PARTITIONS; partition++) {
      int p = partition;
      for (long first = 0; first < perPartition; first += ROWS_PER_FILE) {
        long last = Math.min(first + ROWS_PER_FILE, perPartition) - 1;
        long[] kept = LongStream.rangeClosed(first, last).filter(o -> o % 50 != 0).toArray();
        append(tables.get("orders_enriched"), LedgerTables.lineage("orders", p, hour, kept));
        append(tables.get("late_events"), LedgerTables.lineage("orders", p, hour,
            LongStream.of(kept).filter(o -> o % 100 == 1).toArray()));
        append(tables.get("dead_letters"), LongStream.rangeClosed(first, last).filter(o -> o % 50 == 0)
            .mapToObj(o -> LedgerTables.deadLetter("orders", p, o, "INVALID_AMOUNT", hour)).toList());
      }
      for (long first = 0; first < perPartition; first += LEDGER_INTERVAL) {
        long last = Math.min(first + LEDGER_INTERVAL, perPartition) - 1;
        long deadLettered = LongStream.rangeClosed(first, last).filter(o -> o % 50 == 0).count();
        long late = LongStream.rangeClosed(first, last).filter(o -> o % 100 == 1).count();
        ledgerRows.add(LedgerTables.ledgerRow("orders", p, first, last, last - first + 1 - deadLettered, late,
            deadLettered, hour, hour));
      }
    }
    TestWarehouse.append(ledger, List.of(TestWarehouse.writeFile(ledger, ledgerRows)), Map.of());
  }

  /** The table in both namespaces. */
  private static List<Table> create(TestWarehouse warehouse, String name, Schema schema) {
    return List.of(PersonalTables.create(warehouse.catalog(), "with_ledger", name, schema),
        PersonalTables.create(warehouse.catalog(), "without_ledger", name, schema));
  }

  private static void append(List<Table> tables, List<Record> rows) throws Exception {
    DataFile file = TestWarehouse.writeFile(tables.get(0), rows);
    tables.forEach(table -> TestWarehouse.append(table, List.of(file), Map.of()));
  }

  private static double audit(TestWarehouse warehouse, String namespace) {
    long t0 = System.nanoTime();
    List<TableAuditResult> results = Audit.run(warehouse.catalog(), List.of(namespace + ".*"), Instant.now());
    double seconds = seconds(t0);
    if (!results.stream().allMatch(TableAuditResult::clean)) {
      throw new IllegalStateException("the seeded tables must audit clean:\n" + Audit.text(results));
    }
    return seconds;
  }

  private static double seconds(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
