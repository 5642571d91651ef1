package dev.lakehouse.e2e;

import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.oracle.AppSettings;
import dev.lakehouse.generator.GeneratorConfig;
import dev.lakehouse.generator.GroupCatchUp;
import java.time.Duration;

/** The generated input of the tests: one mix of anomalies for all of them, against the Streams app's defaults. */
final class Scenarios {
  /** The Streams app's window.grace (its default; the stack does not change it). */
  static final Duration GRACE = Duration.ofMinutes(2);
  /** The Streams app's settings the oracle applies: grace, payment-join.window, event-time.max-future-skew (defaults). */
  static final AppSettings APP = new AppSettings(GRACE, Duration.ofMinutes(30), Duration.ofMinutes(5));

  private Scenarios() {}

  /** Follows the stack's Streams app: the generator stays close behind it and waits for it before the tail. */
  static GroupCatchUp follow(PipelineStack stack) {
    return new GroupCatchUp(stack.bootstrapServers(), stack.streamsApplicationId(), Duration.ofMinutes(8));
  }

  /**
   * The wall-clock pause between a run's reference data and its first event. The oracle enriches
   * each order with the reference version valid at its event time, as if the reference data had
   * been read first; the running app's global thread reads it concurrently with the orders, and an
   * order processed before its customer's first version was read is enriched with nulls (the
   * documented behaviour for a version that arrives after the order; EnrichmentTest pins it).
   */
  static final Duration REFERENCE_PAUSE = Duration.ofSeconds(3);

  /** 5% out-of-order within grace, 1% beyond grace, 1% duplicates, 0.5% malformed, 0.2% reference updates. */
  static GeneratorConfig.Builder anomalyMix(PipelineStack stack, int events, long seed) {
    return GeneratorConfig.builder()
        .bootstrapServers(stack.bootstrapServers())
        .seed(seed)
        .events(events)
        .referencePause(REFERENCE_PAUSE)
        .outOfOrderFraction(0.05)
        .beyondGraceFraction(0.01)
        .duplicateFraction(0.01)
        .malformedFraction(0.005)
        .referenceUpdateFraction(0.002)
        .grace(GRACE)
        .manifestPath(stack.config().dataDir().resolve("generator-manifest.json"));
  }
}
