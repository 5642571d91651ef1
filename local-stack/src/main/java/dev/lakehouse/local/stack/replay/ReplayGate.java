package dev.lakehouse.local.stack.replay;

import dev.lakehouse.local.stack.components.DbtComponent;
import dev.lakehouse.local.stack.config.MaintenanceConfigFile;
import dev.lakehouse.local.stack.config.Replay;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.maintenance.config.ConfigLoader;
import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.maintenance.erasure.CustomerIds;
import dev.lakehouse.maintenance.erasure.ErasedRowsLeft;
import dev.lakehouse.maintenance.erasure.Erasure;
import dev.lakehouse.maintenance.erasure.ErasureRegister;
import dev.lakehouse.maintenance.erasure.ErasureReport;
import dev.lakehouse.maintenance.replay.ReplayComparison;
import dev.lakehouse.maintenance.run.CatalogFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;

/**
 * What must hold of a replay's tables before dbt may read them, checked with the maintenance job's
 * own code on the stack's catalog: every recorded erasure applied to them again (the replay re-read
 * the erased customers' records from the input topics), none of those customers left, and their
 * results compared with the live tables'.
 */
public final class ReplayGate implements AutoCloseable {
  private final MaintenanceConfig settings;
  private final Catalog catalog;
  private Optional<CustomerIds> erased;

  private ReplayGate(MaintenanceConfig settings, Catalog catalog) {
    this.settings = settings;
    this.catalog = catalog;
  }

  /** On the stack's catalog, with the stack's maintenance config (its erasure register too). */
  public static ReplayGate open(StackConfig config) {
    MaintenanceConfig settings = ConfigLoader.load(MaintenanceConfigFile.write(config), Map.of());
    return new ReplayGate(settings, CatalogFactory.create(settings));
  }

  /** The customers of every recorded erasure, read once; empty when none was recorded. */
  public Optional<CustomerIds> erasedCustomers() {
    if (erased == null) {
      try (ErasureRegister register = ErasureRegister.open(settings)) {
        erased = register.customers();
      }
    }
    return erased;
  }

  /** Every recorded erasure applied again to the replay's tables (rows, history and files), or empty when none was recorded. */
  public Optional<ErasureReport> reapplyErasures(Replay replay) throws InterruptedException {
    if (erasedCustomers().isEmpty()) {
      return Optional.empty();
    }
    MaintenanceConfig scoped = settings.withErasureTablePatterns(List.of(replay.namespace() + ".*"));
    return Optional.of(new Erasure(scoped, Clock.systemUTC(), d -> Thread.sleep(d.toMillis()))
        .erase(catalog, erasedCustomers().get(), false));
  }

  /** The replay's tables that still hold rows of a recorded customer (deleted rows in their files included). */
  public List<ErasedRowsLeft.Held> erasedRowsLeft(Replay replay) {
    return erasedCustomers().map(customers -> ErasedRowsLeft.find(catalog, List.of(replay.namespace() + ".*"), customers))
        .orElse(List.of());
  }

  /** @param settle ledger rows younger than this are left out of the cut (0s once the replay caught up and the inputs are quiet) */
  public ReplayComparison compare(Replay replay, Duration settle, Duration finalAfter) {
    return ReplayComparison.compare(catalog, Namespace.of(DbtComponent.LIVE_SCHEMA), Namespace.of(replay.namespace()),
        Instant.now().minus(settle), finalAfter);
  }

  @Override
  public void close() throws Exception {
    if (catalog instanceof AutoCloseable closeable) {
      closeable.close();
    }
  }
}
