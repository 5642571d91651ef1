package dev.lakehouse.e2e;

import dev.lakehouse.generator.LagGate;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * A {@link LagGate} the fault tests can close: the generator parks at its next gate check, where
 * it has flushed everything it sent, and waits until the hold is released.
 *
 * <p>Why: a broker restart with the generator's batches in flight can leave its idempotent producer
 * sending sequence 0 under its old epoch, which the broker refuses until the delivery timeout
 * (Kafka 4.3 client). The generator is the tests' input, not a part under test: the pipeline's own
 * clients still ride through the restart.
 */
final class InputHold implements LagGate {
  private static final Duration PARK_TIMEOUT = Duration.ofMinutes(2);

  private final LagGate follow;
  private boolean held;
  private boolean parked;

  InputHold(LagGate follow) {
    this.follow = follow;
  }

  @Override
  public void awaitLagAtMost(long records) throws InterruptedException {
    synchronized (this) {
      parked = true;
      notifyAll();
      while (held) {
        wait();
      }
      parked = false;
    }
    follow.awaitLagAtMost(records);
  }

  /** Runs {@code action} while the generator is parked, or has finished ({@code finished}). */
  void whileParked(BooleanSupplier finished, Action action) throws InterruptedException {
    synchronized (this) {
      held = true;
      long deadline = System.nanoTime() + PARK_TIMEOUT.toNanos();
      while (!parked && !finished.getAsBoolean()) {
        if (System.nanoTime() > deadline) {
          held = false;
          throw new IllegalStateException("The generator did not reach its next gate check within " + PARK_TIMEOUT);
        }
        wait(100);
      }
    }
    try {
      action.run();
    } finally {
      synchronized (this) {
        held = false;
        notifyAll();
      }
    }
  }

  @FunctionalInterface
  interface Action {
    void run() throws InterruptedException;
  }
}
