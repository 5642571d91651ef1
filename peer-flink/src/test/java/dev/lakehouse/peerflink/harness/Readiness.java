package dev.lakehouse.peerflink.harness;

import dev.lakehouse.testkit.ChildProcess;
import java.io.IOException;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for a child JVM to report ready, failing at once, with its log, if it dies. */
final class Readiness {
  private Readiness() {}

  static void await(ChildProcess jvm, BooleanSupplier ready, Duration timeout, String what)
      throws InterruptedException, IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!ready.getAsBoolean()) {
      if (!jvm.isAlive()) {
        throw new IllegalStateException("Cannot use the " + what + ": it exited before it was ready; its log:\n"
            + jvm.log());
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("Cannot use the " + what + ": not ready within " + timeout);
      }
      Thread.sleep(200);
    }
  }
}
