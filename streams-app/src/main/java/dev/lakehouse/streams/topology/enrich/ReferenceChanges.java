package dev.lakehouse.streams.topology.enrich;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the changes the global reference writers make to the customer and merchant histories, so
 * that the enrichment can keep the histories it read and trust them until the count moves: the
 * reference data changes rarely, and every order reads two histories of a few kB each. Shared by
 * the processors of one topology, whatever thread they run on.
 */
public final class ReferenceChanges {
  private final AtomicLong count = new AtomicLong();

  /** Called by a writer after it stored a changed history. */
  void changed() {
    count.incrementAndGet();
  }

  long count() {
    return count.get();
  }
}
