package dev.lakehouse.maintenance.lock;

import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.exceptions.CommitFailedException;

/**
 * A lease on one table, stored in the table's own properties and taken with a compare-and-swap
 * commit of the table metadata ({@code TableOperations.commit(base, updated)} fails when another
 * commit came first). The JDBC catalog swaps the metadata pointer with a conditional UPDATE and
 * Glue with its table version id, so the same lease works in both setups with no extra store or
 * permission. A lease not renewed within its ttl expires, so a crashed run never blocks a table
 * for longer than that.
 */
public final class TableLease {
  public static final String OWNER = "maintenance.lease.owner";
  public static final String EXPIRES_AT_MS = "maintenance.lease.expires-at-ms";
  /** Written into every file name the holder creates, so a crashed holder's leftovers can be found. */
  public static final String OPERATION_ID = "maintenance.lease.operation-id";
  /** The table's current snapshot when the lease was taken: the holder's compactions start there, so expiry keeps it. */
  public static final String COMPACTION_START_SNAPSHOT = "maintenance.lease.compaction-start-snapshot-id";
  private static final Set<String> KEYS = Set.of(OWNER, EXPIRES_AT_MS, OPERATION_ID, COMPACTION_START_SNAPSHOT);
  private static final int CAS_ATTEMPTS = 50;

  private final Table table;
  private final String owner;
  private final String operationId;
  private final Duration ttl;
  private final Clock clock;
  private long expiresAtMs;
  private Long startSnapshotId;

  private TableLease(Table table, String owner, String operationId, Duration ttl, Clock clock) {
    this.table = table;
    this.owner = owner;
    this.operationId = operationId;
    this.ttl = ttl;
    this.clock = clock;
  }

  /** What the table's lease properties said when we looked. */
  public record Holder(String owner, String operationId, long expiresAtMs) {
    public boolean expired(long nowMs) {
      return nowMs >= expiresAtMs;
    }
  }

  /** The outcome of an attempt: the lease, or who holds the table; and a crashed predecessor, if any. */
  public record Attempt(Optional<TableLease> lease, Optional<Holder> heldBy, Optional<Holder> expiredPredecessor) {}

  public static Attempt tryAcquire(Table table, String owner, String operationId, Duration ttl, Clock clock) {
    TableLease lease = new TableLease(table, owner, operationId, ttl, clock);
    for (int attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
      TableOperations ops = operations(table);
      TableMetadata base = ops.refresh();
      Optional<Holder> current = holder(base.properties());
      long now = clock.millis();
      if (current.isPresent() && !current.get().expired(now) && !current.get().owner().equals(owner)) {
        return new Attempt(Optional.empty(), current, Optional.empty());
      }
      Map<String, String> props = new HashMap<>();
      props.put(OWNER, owner);
      props.put(OPERATION_ID, operationId);
      props.put(EXPIRES_AT_MS, Long.toString(now + ttl.toMillis()));
      Long start = base.currentSnapshot() == null ? null : base.currentSnapshot().snapshotId();
      if (start != null) {
        props.put(COMPACTION_START_SNAPSHOT, Long.toString(start));
      }
      // one metadata commit takes the lease and records the start snapshot
      if (lease.swap(ops, base, props, start == null ? Set.of(COMPACTION_START_SNAPSHOT) : Set.of())) {
        lease.expiresAtMs = now + ttl.toMillis();
        lease.startSnapshotId = start;
        Optional<Holder> crashed = current.filter(h -> !h.owner().equals(owner));
        return new Attempt(Optional.of(lease), Optional.empty(), crashed);
      }
    }
    throw new CommitFailedException("Cannot take the maintenance lease on %s: %d attempts lost to concurrent commits",
        table.name(), CAS_ATTEMPTS);
  }

  /**
   * Tries until the lease is ours, the wait is over or a stop is requested; the last attempt tells
   * who holds the table.
   */
  public static Attempt acquire(Table table, String owner, String operationId, Duration ttl, Duration wait, Clock clock,
      BooleanSupplier stopRequested) throws InterruptedException {
    long deadline = clock.millis() + wait.toMillis();
    while (true) {
      Attempt attempt = tryAcquire(table, owner, operationId, ttl, clock);
      if (attempt.lease().isPresent() || clock.millis() >= deadline || stopRequested.getAsBoolean()) {
        return attempt;
      }
      Thread.sleep(Math.min(1000, Math.max(1, deadline - clock.millis())));
    }
  }

  /** Reads the lease properties of a table, if a lease was ever taken and not released. */
  public static Optional<Holder> holder(Map<String, String> properties) {
    String owner = properties.get(OWNER);
    String expires = properties.get(EXPIRES_AT_MS);
    if (owner == null || expires == null) {
      return Optional.empty();
    }
    return Optional.of(new Holder(owner, properties.getOrDefault(OPERATION_ID, ""), Long.parseLong(expires)));
  }

  /** Renews the lease when a third of its ttl has passed; throws {@link LeaseLostException} if it was taken over. */
  public void ensureHeld() {
    long now = clock.millis();
    if (expiresAtMs - now > ttl.toMillis() * 2 / 3) {
      return;
    }
    update(Map.of(EXPIRES_AT_MS, Long.toString(now + ttl.toMillis())), Set.of());
    expiresAtMs = now + ttl.toMillis();
  }

  /**
   * Records that the holder's work now starts from this snapshot, so expiry may take the snapshots
   * before it while the lease stands (an erasure must expire every snapshot older than its commit).
   */
  public void restartFrom(long snapshotId) {
    update(Map.of(COMPACTION_START_SNAPSHOT, Long.toString(snapshotId)), Set.of());
    startSnapshotId = snapshotId;
  }

  /** The snapshot that was current when the lease was taken (empty for a table without snapshots). */
  public Optional<Long> startSnapshotId() {
    return Optional.ofNullable(startSnapshotId);
  }

  /** Removes the lease properties if we still hold them. */
  public void release() {
    try {
      update(Map.of(), KEYS);
    } catch (LeaseLostException e) {
      // someone took over after our lease expired: nothing of ours to remove
    }
  }

  public String operationId() {
    return operationId;
  }

  public String owner() {
    return owner;
  }

  private void update(Map<String, String> set, Set<String> remove) {
    for (int attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
      TableOperations ops = operations(table);
      TableMetadata base = ops.refresh();
      Optional<Holder> current = holder(base.properties());
      if (current.isEmpty() || !current.get().owner().equals(owner)) {
        throw new LeaseLostException(String.format(
            "Cannot continue maintaining %s: the lease was taken over by %s (ours, %s, expired)",
            table.name(), current.map(Holder::owner).orElse("nobody"), owner));
      }
      if (swap(ops, base, set, remove)) {
        return;
      }
    }
    throw new CommitFailedException("Cannot update the maintenance lease on %s: %d attempts lost to concurrent commits",
        table.name(), CAS_ATTEMPTS);
  }

  private boolean swap(TableOperations ops, TableMetadata base, Map<String, String> set, Set<String> remove) {
    TableMetadata.Builder builder = TableMetadata.buildFrom(base);
    if (!set.isEmpty()) {
      builder.setProperties(set);
    }
    Set<String> present = new java.util.HashSet<>(remove);
    present.retainAll(base.properties().keySet());
    if (!present.isEmpty()) {
      builder.removeProperties(present);
    }
    try {
      ops.commit(base, builder.build());
      table.refresh();
      return true;
    } catch (CommitFailedException e) {
      return false;
    }
  }

  private static TableOperations operations(Table table) {
    return ((HasTableOperations) table).operations();
  }
}
