package dev.lakehouse.maintenance.lock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.maintenance.report.TableReport;
import dev.lakehouse.maintenance.run.RunOptions;
import dev.lakehouse.maintenance.run.TableMaintenance;
import dev.lakehouse.maintenance.support.TestConfig;
import dev.lakehouse.maintenance.support.TestWarehouse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableLeaseTest {
  static final TableIdentifier EVENTS = TableIdentifier.of("lakehouse", "events");

  @Test
  void twoRunsRacingForOneTableGetExactlyOneLease(@TempDir Path dir) throws Exception {
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      warehouse.createEventsTable("events");
      org.apache.iceberg.catalog.Catalog firstRun = warehouse.newCatalog();
      org.apache.iceberg.catalog.Catalog secondRun = warehouse.newCatalog();
      for (int round = 0; round < 3; round++) {
        Table first = firstRun.loadTable(EVENTS);
        Table second = secondRun.loadTable(EVENTS);
        CyclicBarrier start = new CyclicBarrier(2);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
          List<Future<TableLease.Attempt>> attempts = new ArrayList<>();
          for (Table table : List.of(first, second)) {
            String owner = "run-" + round + "-" + attempts.size();
            Callable<TableLease.Attempt> take = () -> {
              start.await();
              return TableLease.tryAcquire(table, owner, owner, Duration.ofMinutes(5), Clock.systemUTC());
            };
            attempts.add(pool.submit(take));
          }
          List<Optional<TableLease>> leases = new ArrayList<>();
          for (Future<TableLease.Attempt> attempt : attempts) {
            leases.add(attempt.get().lease());
          }
          assertThat(leases.stream().filter(Optional::isPresent).count()).as("round %d", round).isEqualTo(1);
          leases.stream().flatMap(Optional::stream).forEach(TableLease::release);
        } finally {
          pool.shutdownNow();
        }
      }
    }
  }

  @Test
  void aCrashedRunsLeaseExpiresAndTheNextRunLearnsItsOperationId(@TempDir Path dir) throws Exception {
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      warehouse.createEventsTable("events");
      Clock now = Clock.systemUTC();
      MovableClock crashedClock = new MovableClock();
      TableLease crashed = TableLease.tryAcquire(warehouse.newCatalog().loadTable(EVENTS), "crashed", "op-crashed",
          Duration.ofMinutes(5), crashedClock).lease().orElseThrow();

      TableLease.Attempt tooEarly = TableLease.tryAcquire(warehouse.newCatalog().loadTable(EVENTS), "next", "op-next",
          Duration.ofMinutes(5), now);
      assertThat(tooEarly.lease()).isEmpty();
      assertThat(tooEarly.heldBy().orElseThrow().owner()).isEqualTo("crashed");

      Clock later = Clock.offset(now, Duration.ofMinutes(6));
      TableLease.Attempt after = TableLease.tryAcquire(warehouse.newCatalog().loadTable(EVENTS), "next", "op-next",
          Duration.ofMinutes(5), later);
      assertThat(after.lease()).isPresent();
      assertThat(after.expiredPredecessor().orElseThrow().operationId()).isEqualTo("op-crashed");
      // the crashed run wakes up 6 minutes later and tries to renew before its next commit
      crashedClock.offset = Duration.ofMinutes(6);
      assertThatThrownBy(crashed::ensureHeld)
          .isInstanceOf(LeaseLostException.class)
          .hasMessage("Cannot continue maintaining lakehouse.lakehouse.events: the lease was taken over by next (ours, crashed, expired)");
    }
  }

  @Test
  void aSecondRunSkipsATableHeldByAnotherOrWaitsForIt(@TempDir Path dir) throws Exception {
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      warehouse.createEventsTable("events");
      TableLease other = TableLease.tryAcquire(warehouse.newCatalog().loadTable(EVENTS), "other-run", "op-other",
          Duration.ofMinutes(5), Clock.systemUTC()).lease().orElseThrow();

      MaintenanceConfig skip = TestConfig.load(dir, warehouse, TestConfig.COMPACTION_ONLY);
      TableReport skipped = new TableMaintenance(skip, RunOptions.create(false), Clock.systemUTC(), () -> false)
          .maintain(warehouse.catalog(), EVENTS);
      assertThat(skipped.status()).isEqualTo(TableReport.Status.SKIPPED);
      assertThat(skipped.skipReason()).startsWith("held by other-run until ");

      MaintenanceConfig wait = TestConfig.load(dir, warehouse, TestConfig.COMPACTION_ONLY + "lock:\n  wait: 30s\n");
      ExecutorService pool = Executors.newSingleThreadExecutor();
      try {
        Future<TableReport> waiting = pool.submit(() -> new TableMaintenance(wait, RunOptions.create(false),
            Clock.systemUTC(), () -> false).maintain(warehouse.catalog(), EVENTS));
        org.awaitility.Awaitility.await().during(Duration.ofMillis(1500)).atMost(Duration.ofSeconds(5))
            .until(() -> !waiting.isDone());
        other.release();
        TableReport report = waiting.get(30, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(report.status()).isEqualTo(TableReport.Status.OK);
      } finally {
        pool.shutdownNow();
      }
      Table table = warehouse.catalog().loadTable(EVENTS);
      assertThat(table.properties()).doesNotContainKeys(TableLease.OWNER, TableLease.EXPIRES_AT_MS);
    }
  }

  static final class MovableClock extends Clock {
    volatile Duration offset = Duration.ZERO;

    @Override
    public java.time.ZoneId getZone() {
      return java.time.ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    @Override
    public java.time.Instant instant() {
      return Clock.systemUTC().instant().plus(offset);
    }
  }
}
