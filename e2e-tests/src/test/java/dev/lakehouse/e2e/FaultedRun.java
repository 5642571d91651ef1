package dev.lakehouse.e2e;

import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorConfig;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.generator.GroupCatchUp;
import dev.lakehouse.local.faults.Fault;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The input of the fault tests and the soak: the anomaly mix produced at a pace that spreads it over
 * {@code mainPhase} while a fault schedule runs against the stack, then the tail once the Streams
 * app caught up. Event time as in unpaced runs (the default events per minute), ending 3 h before
 * now, so that windows span the whole run and the tail (an hour ahead of the last event) stays
 * behind the clock whatever the number of events.
 */
final class FaultedRun {
  private static final Duration END_BEFORE_NOW = Duration.ofHours(3);

  private FaultedRun() {}

  static GeneratorRun produceThroughFaults(PipelineStack stack, int events, long seed, List<Fault> faults,
      Duration mainPhase) throws Exception {
    try (GroupCatchUp streamsApp = Scenarios.follow(stack);
        Generator generator = Generator.following(Scenarios.anomalyMix(stack, events, seed)
            .rate(events / (double) mainPhase.toSeconds())
            .eventsPerMinute(GeneratorConfig.DEFAULT_EVENTS_PER_MINUTE)
            .startTime(eventTimeStart(events)).build(), streamsApp)) {
      CompletableFuture<Void> producing = Scenarios.produceMainInBackground(generator);
      stack.runFaults(faults);
      System.out.println("faults done " + (producing.isDone() ? "after the main phase" : "while producing"));
      producing.join();
      streamsApp.awaitBeforeTail();
      generator.produceTail();
      return generator.result();
    }
  }

  private static Instant eventTimeStart(int events) {
    Duration eventTimeSpan = Duration.ofMinutes(1 + events / GeneratorConfig.DEFAULT_EVENTS_PER_MINUTE);
    return Instant.now().minus(END_BEFORE_NOW).minus(eventTimeSpan).truncatedTo(ChronoUnit.MINUTES);
  }
}
