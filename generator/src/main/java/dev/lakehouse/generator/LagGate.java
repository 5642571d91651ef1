package dev.lakehouse.generator;

/** Holds the generator back while the consumer is too far behind; see {@link GroupCatchUp}. */
@FunctionalInterface
public interface LagGate {
  LagGate NONE = records -> { };

  /** Returns once at most {@code records} produced records are not yet consumed. */
  void awaitLagAtMost(long records) throws InterruptedException;
}
