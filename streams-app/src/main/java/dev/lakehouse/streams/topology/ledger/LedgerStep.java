package dev.lakehouse.streams.topology.ledger;

import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * One processor's share of the {@link Ledger}: the fates it decided for the records of one input
 * topic in its task, in the shared ledger store under a key of its own. Each record costs one count
 * where its fate is decided: validation counts the dead letters, the order tracker every valid
 * record (dropped, or kept and maybe sent on to a window), the window step only the late ones. The processor is the key's
 * only writer, so its copy in memory stays equal to the store; each count is a cache put, and the
 * commit writes the key to the changelog in the transaction of the outputs it counted. The store is
 * read once, at the first count after the processor started on its task (restored by then).
 */
public final class LedgerStep {
  private static final LedgerStep OFF = new LedgerStep(null, null);

  private final KeyValueStore<String, LedgerCounts> store;
  private final String key;
  private LedgerCounts counts;

  private LedgerStep(KeyValueStore<String, LedgerCounts> store, String key) {
    this.store = store;
    this.key = key;
  }

  /** The step {@code step} of {@code topic} in the context's task, or one that counts nothing when the ledger is off. */
  public static LedgerStep in(ProcessingContext context, boolean ledgerOn, String topic, String step) {
    return ledgerOn ? new LedgerStep(context.getStateStore(Ledger.STORE), Ledger.key(topic, step)) : OFF;
  }

  /** Counts a record read at {@code offset} that ended as each of {@code fates} here. */
  public void read(long offset, Fate... fates) {
    if (store != null) {
      LedgerCounts current = current();
      current.read(offset, fates);
      store.put(key, current);
    }
  }

  /** Counts a record that an earlier step counted as read, and that ended as {@code fate} here. */
  public void count(Fate fate) {
    if (store != null) {
      LedgerCounts current = current();
      current.add(fate);
      store.put(key, current);
    }
  }

  private LedgerCounts current() {
    if (counts == null) {
      LedgerCounts stored = store.get(key);
      counts = stored == null ? new LedgerCounts() : stored;
    }
    return counts;
  }
}
