package dev.lakehouse.maintenance.erasure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.maintenance.audit.ErasedRows;
import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.maintenance.lock.TableLease;
import dev.lakehouse.maintenance.support.PersonalTables;
import dev.lakehouse.maintenance.support.SinkOffsets;
import dev.lakehouse.maintenance.support.TestConfig;
import dev.lakehouse.maintenance.support.TestWarehouse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.StreamSupport;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.RewriteManifests;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.Record;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Erasure on a real S3 API (s3proxy) and JDBC catalog: the customer's rows leave the live files,
 * the history and the unreferenced files, so no object under the warehouse holds their id any
 * more (the tables are written uncompressed, so a byte search finds any value, statistic or bound);
 * every other row stays exactly as it was, and the sink still finds its offsets.
 */
class ErasureTest {
  static final String ERASED = "erase-me-7";
  /** Starts with the erased id: a token or prefix match would take its rows too. */
  static final String LOOKALIKE = "erase-me-70";
  static final List<String> CUSTOMERS = List.of("cus-1", "cus-2", "cus-3", ERASED, LOOKALIKE);
  static final String CONFIG = """
      sink:
        commit-interval: 1s
        commit-timeout: 1s
      lock:
        wait: 0s
      compaction:
        commit-backoff: 50ms
      orphans:
        min-age: 1h
      """;
  static final Instant HOUR = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(2, ChronoUnit.HOURS);

  @RegisterExtension static final TestWarehouse warehouse = TestWarehouse.perTestClass();

  @Test
  void removesTheCustomerFromLiveFilesHistoryMartsAndUnreferencedFilesAndNothingElse() throws Exception {
    Table orders = PersonalTables.create(warehouse.catalog(), "lake1", "orders_enriched", PersonalTables.ORDERS);
    List<List<Record>> orderBatches = new ArrayList<>();
    for (int commit = 0; commit < 4; commit++) {
      List<Record> rows = orders(commit * 100, 20, HOUR.plus(commit % 2, ChronoUnit.HOURS));
      orderBatches.add(rows);
      TestWarehouse.append(orders, List.of(TestWarehouse.writeFile(orders, rows)),
          Map.of(SinkOffsets.SINK_KEY, "{\"0\":" + (commit + 1) * 20 + "}"));
    }
    // a compaction replaced the first file: only the history references the original now
    DataFile first = StreamSupport.stream(orders.snapshot(oldestSnapshot(orders)).addedDataFiles(orders.io()).spliterator(), false)
        .findFirst().orElseThrow();
    orders.newRewrite().deleteFile(first).addFile(TestWarehouse.writeFile(orders, orderBatches.get(0))).commit();
    // a failed commit's file, ten days old, and a sink file in flight (written now, not yet committed)
    DataFile failed = TestWarehouse.writeFile(orders, orders(900, 10, HOUR));
    age(warehouse.objectPath(failed.location()));
    List<Record> inFlightRows = List.of(PersonalTables.order("in-flight-1", "cus-2", HOUR));
    DataFile inFlight = TestWarehouse.writeFile(orders, inFlightRows);

    Table deadLetters = PersonalTables.create(warehouse.catalog(), "lake1", "dead_letters", PersonalTables.DEAD_LETTERS);
    List<Record> letters = List.of(
        PersonalTables.deadLetter(1, ERASED, new byte[0], HOUR),                                   // a customers-topic record
        PersonalTables.deadLetter(2, "ord-2", bytes(PersonalTables.avroString(ERASED), "X"), HOUR), // an order naming them
        PersonalTables.deadLetter(3, "ord-3", bytes(PersonalTables.avroString(LOOKALIKE), "X"), HOUR),
        PersonalTables.deadLetter(4, LOOKALIKE, "{\"customer\": \"cus-1\"}".getBytes(StandardCharsets.UTF_8), HOUR));
    TestWarehouse.append(deadLetters, List.of(TestWarehouse.writeFile(deadLetters, letters)), Map.of());

    // a mart as dbt merges it: the customer's old row deleted by position, its new version in another file
    Table mart = PersonalTables.create(warehouse.catalog(), "marts1", "fct_orders", PersonalTables.ORDERS);
    List<Record> martRows = orders(0, 10, HOUR);
    DataFile martFile = TestWarehouse.writeFile(mart, martRows);
    TestWarehouse.append(mart, List.of(martFile), Map.of());
    int erasedRow = indexOf(martRows, ERASED);
    int otherRow = indexOf(martRows, "cus-2");
    PersonalTables.deleteRows(mart, martFile, erasedRow, otherRow);
    List<Record> martUpdate = List.of(PersonalTables.order("updated-" + ERASED, ERASED, HOUR),
        PersonalTables.order("updated-cus-2", "cus-2", HOUR));
    TestWarehouse.append(mart, List.of(TestWarehouse.writeFile(mart, martUpdate)), Map.of());

    List<String> expectedOrders = withoutErased(PersonalTables.renderAll(orderBatches));
    List<String> expectedLetters = PersonalTables.render(letters.subList(2, 4));
    List<Record> martExpected = new ArrayList<>(martRows);
    martExpected.remove(Math.max(erasedRow, otherRow));
    martExpected.remove(Math.min(erasedRow, otherRow));
    martExpected.addAll(martUpdate);
    List<String> expectedMart = withoutErased(PersonalTables.render(martExpected));
    List<String> locations = List.of(orders.location(), deadLetters.location(), mart.location());
    assertThat(PersonalTables.filesHolding(objects(locations), ERASED)).as("objects holding the id before").isNotEmpty();

    ErasureReport report = erase("lake1.*,marts1.*", false);

    System.out.print(report.text());
    assertThat(report.complete()).as(report.text()).isTrue();
    assertThat(report.tables()).extracting(TableErasureReport::table)
        .containsExactly("lake1.dead_letters", "lake1.orders_enriched", "marts1.fct_orders");
    assertThat(PersonalTables.rows(orders)).isEqualTo(expectedOrders);
    assertThat(PersonalTables.rows(deadLetters)).isEqualTo(expectedLetters);
    assertThat(PersonalTables.rows(mart)).isEqualTo(expectedMart);
    assertThat(PersonalTables.filesHolding(objects(locations), ERASED)).as("objects holding the id after").isEmpty();
    assertThat(PersonalTables.filesHolding(objects(locations), LOOKALIKE)).as("objects holding the look-alike").isNotEmpty();
    // the sink still finds its latest offsets, and its commit in flight still has its file
    assertThat(SinkOffsets.asTheSinkReadsThem(orders, SinkOffsets.SINK_KEY)).isEqualTo("{\"0\":80}");
    TestWarehouse.append(orders, List.of(inFlight), Map.of(SinkOffsets.SINK_KEY, "{\"0\":81}"));
    assertThat(PersonalTables.rows(orders)).containsAll(PersonalTables.render(inFlightRows)).hasSize(expectedOrders.size() + 1);
    TableErasureReport ordersReport = report.tables().get(1);
    assertThat(ordersReport.customerRows()).isEqualTo(orderBatches.stream().flatMap(List::stream)
        .filter(r -> r.getField("customer_id").equals(ERASED)).count());
    assertThat(ordersReport.unreferencedFilesDeleted()).isEqualTo(1);
    assertThat(report.tables().get(2).deleteFilesRemoved()).as("the mart's position deletes, left pointing nowhere").isEqualTo(1);
    // the audit holds a table against the pipeline ledger: rows an erasure removed are not lost rows
    deadLetters.refresh();
    mart.refresh();
    assertThat(ErasedRows.of(orders)).isEqualTo(ordersReport.customerRows());
    assertThat(ErasedRows.of(deadLetters)).isEqualTo(2);
    assertThat(ErasedRows.of(mart)).as("its live rows; one was deleted before")
        .isEqualTo(martExpected.stream().filter(r -> r.getField("customer_id").equals(ERASED)).count());
  }

  @Test
  void besideALiveSinkEveryCommittedRowButTheCustomersStaysAndTheSinkKeepsItsOffsets() throws Exception {
    Table table = PersonalTables.create(warehouse.catalog(), "live", "orders_enriched", PersonalTables.ORDERS);
    List<List<Record>> committed = new CopyOnWriteArrayList<>();
    AtomicLong offsets = new AtomicLong();
    for (int commit = 0; commit < 6; commit++) {
      List<Record> rows = orders(commit * 100, 50, HOUR.plus(commit % 2, ChronoUnit.HOURS));
      TestWarehouse.append(table, List.of(TestWarehouse.writeFile(table, rows)),
          Map.of(SinkOffsets.SINK_KEY, "{\"0\":" + offsets.addAndGet(rows.size()) + "}"));
      committed.add(rows);
    }
    Table sinkTable = warehouse.newCatalog().loadTable(TableIdentifier.of("live", "orders_enriched"));
    AtomicReference<Throwable> sinkFailure = new AtomicReference<>();
    AtomicLong next = new AtomicLong(10_000);
    ScheduledExecutorService sink = Executors.newSingleThreadScheduledExecutor();
    sink.scheduleWithFixedDelay(() -> {
      try {
        // new orders of the other customers only: the erased one has no new data
        List<Record> rows = List.of(PersonalTables.order("live-" + next.incrementAndGet(), "cus-3", HOUR));
        long offset = offsets.get() + 1;
        TestWarehouse.append(sinkTable, List.of(TestWarehouse.writeFile(sinkTable, rows)),
            Map.of(SinkOffsets.SINK_KEY, "{\"0\":" + offset + "}"));
        offsets.set(offset);
        committed.add(rows);
      } catch (Throwable t) {
        sinkFailure.compareAndSet(null, t);
      }
    }, 0, 250, TimeUnit.MILLISECONDS);
    ErasureReport report;
    try {
      Thread.sleep(300);
      report = erase("live.*", false);
      Thread.sleep(300);
    } finally {
      sink.shutdown();
      assertThat(sink.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }

    System.out.print(report.text());
    assertThat(sinkFailure.get()).isNull();
    assertThat(report.complete()).as(report.text()).isTrue();
    assertThat(PersonalTables.rows(table)).isEqualTo(withoutErased(PersonalTables.renderAll(committed)));
    assertThat(SinkOffsets.asTheSinkReadsThem(table, SinkOffsets.SINK_KEY)).isEqualTo("{\"0\":" + offsets.get() + "}");
    assertThat(PersonalTables.filesHolding(warehouse.objectsUnder(table.location()), ERASED)).isEmpty();
  }

  @Test
  void theOffsetsCopiedAreThoseOfTheSnapshotCommittedOnEvenWhenASinkCommitLandsFirst() throws Exception {
    Table table = PersonalTables.create(warehouse.catalog(), "copy", "orders_enriched", PersonalTables.ORDERS);
    TestWarehouse.append(table, List.of(TestWarehouse.writeFile(table, orders(0, 5, HOUR))),
        Map.of(SinkOffsets.SINK_KEY, "{\"0\":5}"));
    Table sinkTable = warehouse.newCatalog().loadTable(TableIdentifier.of("copy", "orders_enriched"));
    AtomicLong builds = new AtomicLong();

    RewriteManifests manifests = table.rewriteManifests().clusterBy(file -> file.specId());
    SinkOffsetsCopy copy = new SinkOffsetsCopy(manifests::set);
    DataFile sinkFile = TestWarehouse.writeFile(sinkTable, orders(5, 5, HOUR));
    manifests.validateWith(base -> {
      if (builds.incrementAndGet() == 1) {
        // the sink commits after the first build read the table: that build must lose and be redone
        TestWarehouse.append(sinkTable, List.of(sinkFile), Map.of(SinkOffsets.SINK_KEY, "{\"0\":10}"));
      }
      return copy.validate(base);
    }).commit();

    table.refresh();
    assertThat(builds.get()).as("builds of the snapshot").isEqualTo(2);
    assertThat(table.currentSnapshot().summary()).containsEntry(SinkOffsets.SINK_KEY, "{\"0\":10}");
    assertThat(table.snapshot(table.currentSnapshot().parentId()).summary()).containsEntry(SinkOffsets.SINK_KEY, "{\"0\":10}");
    assertThat(copy.copied()).isEqualTo(Map.of(SinkOffsets.SINK_KEY, "{\"0\":10}"));
  }

  @Test
  void rowsOfTheCustomerAppendedWhileTheErasureRanAreCountedAndRewritesAreNot() throws Exception {
    Table table = PersonalTables.create(warehouse.catalog(), "late", "orders_enriched", PersonalTables.ORDERS);
    TestWarehouse.append(table, List.of(TestWarehouse.writeFile(table, orders(0, 10, HOUR))), Map.of());
    long start = table.currentSnapshot().snapshotId();
    DataFile first = table.currentSnapshot().addedDataFiles(table.io()).iterator().next();
    table.newRewrite().deleteFile(first).addFile(TestWarehouse.writeFile(table, orders(0, 10, HOUR))).commit();
    TestWarehouse.append(table, List.of(TestWarehouse.writeFile(table, orders(10, 10, HOUR))), Map.of());
    TestWarehouse.append(table, List.of(TestWarehouse.writeFile(table, List.of(
        PersonalTables.order("late-1", "cus-1", HOUR)))), Map.of());
    CustomerRows rows = new CustomerRows(table.schema(), dev.lakehouse.schemas.PersonalData.fieldNames(),
        CustomerIds.of(List.of(ERASED)));

    // orders 10..19 hold the customer twice (13 and 18); the rewrite of orders 0..9 is no append
    assertThat(ErasurePlanner.appendedSince(table, start, rows)).isEqualTo(2);
  }

  @Test
  void whatCannotBeFinishedNowIsReportedAndLeavesTheErasureIncomplete() throws Exception {
    Table held = PersonalTables.create(warehouse.catalog(), "incomplete", "held", PersonalTables.ORDERS);
    TestWarehouse.append(held, List.of(TestWarehouse.writeFile(held, orders(0, 10, HOUR))), Map.of());
    long heldSnapshot = held.currentSnapshot().snapshotId();
    TableLease.tryAcquire(warehouse.newCatalog().loadTable(TableIdentifier.of("incomplete", "held")), "other-run",
        "op-other", Duration.ofMinutes(10), Clock.systemUTC()).lease().orElseThrow();
    Table young = PersonalTables.create(warehouse.catalog(), "incomplete", "young", PersonalTables.ORDERS);
    TestWarehouse.append(young, List.of(TestWarehouse.writeFile(young, orders(0, 10, HOUR))), Map.of());
    DataFile inFlight = TestWarehouse.writeFile(young, orders(50, 10, HOUR));
    Table withoutId = PersonalTables.create(warehouse.catalog(), "incomplete", "without_id",
        PersonalTables.CUSTOMER_DATA_WITHOUT_ID);

    ErasureReport report = erase("incomplete.*", false);

    System.out.print(report.text());
    assertThat(report.complete()).isFalse();
    assertThat(report.tables()).extracting(TableErasureReport::table, TableErasureReport::status).containsExactly(
        org.assertj.core.groups.Tuple.tuple("incomplete.held", TableErasureReport.Status.SKIPPED),
        org.assertj.core.groups.Tuple.tuple("incomplete.without_id", TableErasureReport.Status.FAILED),
        org.assertj.core.groups.Tuple.tuple("incomplete.young", TableErasureReport.Status.FAILED));
    held.refresh();
    assertThat(held.currentSnapshot().snapshotId()).as("the held table, untouched").isEqualTo(heldSnapshot);
    assertThat(report.tables().get(1).errors()).containsExactly("Cannot erase from incomplete.without_id:"
        + " it holds customer data [customer_name] but no column the contracts mark customer-id, so its rows cannot"
        + " be told apart; add the customer id to the table (or mark the column in the contracts)");
    assertThat(report.tables().get(2).errors()).singleElement().asString()
        .startsWith("1 unreferenced files of incomplete.young younger than the orphan safety floor hold");
    assertThat(young.io().newInputFile(inFlight.location()).exists()).as("a file a commit in flight needs").isTrue();
    assertThat(report.text()).doesNotContain(ERASED);
    assertThat(withoutId.currentSnapshot()).isNull();
  }

  private static ErasureReport erase(String tables, boolean dryRun) throws Exception {
    MaintenanceConfig config = TestConfig.load(warehouse.dir(), warehouse, CONFIG + "erasure:\n  tables: \"" + tables + "\"\n");
    return new Erasure(config, Clock.systemUTC(), d -> Thread.sleep(d.toMillis()))
        .erase(warehouse.catalog(), CustomerIds.of(List.of(ERASED)), dryRun);
  }

  static List<Record> orders(int first, int count, Instant hour) {
    return PersonalTables.orders(CUSTOMERS, first, count, hour);
  }

  static List<String> withoutErased(List<String> rows) {
    return rows.stream().filter(row -> !row.contains("|" + ERASED + "|")).toList();
  }

  static List<Path> objects(List<String> tableLocations) throws Exception {
    List<Path> objects = new ArrayList<>();
    for (String location : tableLocations) {
      objects.addAll(warehouse.objectsUnder(location));
    }
    return objects;
  }

  private static int indexOf(List<Record> rows, String customer) {
    for (int i = 0; i < rows.size(); i++) {
      if (rows.get(i).getField("customer_id").equals(customer)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no row of " + customer);
  }

  private static long oldestSnapshot(Table table) {
    return StreamSupport.stream(table.snapshots().spliterator(), false)
        .min(java.util.Comparator.comparingLong(Snapshot::sequenceNumber)).orElseThrow().snapshotId();
  }

  private static void age(Path file) throws Exception {
    Files.setLastModifiedTime(file, FileTime.from(Instant.now().minus(10, ChronoUnit.DAYS)));
  }

  private static byte[] bytes(byte[] head, String tail) {
    byte[] rest = tail.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[head.length + rest.length];
    System.arraycopy(head, 0, out, 0, head.length);
    System.arraycopy(rest, 0, out, head.length, rest.length);
    return out;
  }
}
