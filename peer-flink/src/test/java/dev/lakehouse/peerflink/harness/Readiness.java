package dev.lakehouse.peerflink.harness;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for a child JVM to report ready, failing at once if it dies. */
final class Readiness {
  private Readiness() {}

  static void await(ChildJvm jvm, BooleanSupplier ready, Duration timeout, String what) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!ready.getAsBoolean()) {
      jvm.requireAlive();
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("Cannot use the " + what + ": not ready within " + timeout);
      }
      Thread.sleep(200);
    }
  }
}
