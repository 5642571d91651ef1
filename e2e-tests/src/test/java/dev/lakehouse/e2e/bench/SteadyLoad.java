package dev.lakehouse.e2e.bench;

import dev.lakehouse.generator.GeneratorConfig;

/** The freshness benchmarks' input: a steady rate with event time following the clock and no anomalies. */
final class SteadyLoad {
  private SteadyLoad() {}

  static GeneratorConfig config(String bootstrapServers, double rate, int seconds) {
    return GeneratorConfig.builder()
        .bootstrapServers(bootstrapServers)
        .events((int) (rate * seconds))
        .rate(rate)
        .outOfOrderFraction(0).beyondGraceFraction(0).duplicateFraction(0).malformedFraction(0)
        .referenceUpdateFraction(0)
        .tail(false)
        .build();
  }
}
