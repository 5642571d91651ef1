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
 * The input of the fault tests and the soak: the generator's main phase while a fault schedule
 * runs against the stack (the generator follows the Streams app: it waits while the app is down,
 * so a crash never turns into skew), then the tail once the app caught up.
 */
final class FaultedRun {
  private static final Duration END_BEFORE_NOW = Duration.ofHours(3);

  private FaultedRun() {}

  static GeneratorRun produceThroughFaults(PipelineStack stack, GeneratorConfig input, List<Fault> faults)
      throws Exception {
    try (GroupCatchUp streamsApp = Scenarios.follow(stack)) {
      InputHold hold = new InputHold(streamsApp);
      try (Generator generator = Generator.following(input, hold)) {
        CompletableFuture<Void> producing = produceMainInBackground(generator);
        runFaults(stack, faults, hold, producing);
        System.out.println("faults done " + (producing.isDone() ? "after the main phase" : "while producing"));
        producing.join();
        streamsApp.awaitBeforeTail();
        generator.produceTail();
        return generator.result();
      }
    }
  }

  /** Each fault in turn; a broker restart while the generator is held (see {@link InputHold}). */
  private static void runFaults(PipelineStack stack, List<Fault> faults, InputHold hold, CompletableFuture<Void> producing)
      throws InterruptedException {
    for (Fault fault : faults) {
      if (fault.kind() == Fault.Kind.BROKER_RESTART) {
        Thread.sleep(fault.pauseBefore().toMillis());
        Fault now = new Fault(fault.kind(), fault.target(), Duration.ZERO);
        hold.whileParked(producing::isDone, () -> stack.runFaults(List.of(now)));
      } else {
        stack.runFaults(List.of(fault));
      }
    }
  }

  /** The generator's main phase on another thread (faults happen meanwhile); join it before the tail. */
  private static CompletableFuture<Void> produceMainInBackground(Generator generator) {
    return CompletableFuture.runAsync(() -> {
      try {
        generator.produceMain();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Cannot finish producing: interrupted", e);
      }
    });
  }

  /**
   * The anomaly mix at a pace that spreads it over {@code mainPhase}, with the event time of unpaced
   * runs (the default events per minute) ending 3 h before now: windows span the whole run, and the
   * tail (an hour ahead of the last event) stays behind the clock whatever the number of events.
   */
  static GeneratorConfig paced(PipelineStack stack, int events, long seed, Duration mainPhase) {
    Duration eventTimeSpan = Duration.ofMinutes(1 + events / GeneratorConfig.DEFAULT_EVENTS_PER_MINUTE);
    return Scenarios.anomalyMix(stack, events, seed)
        .rate(events / (double) mainPhase.toSeconds())
        .eventsPerMinute(GeneratorConfig.DEFAULT_EVENTS_PER_MINUTE)
        .startTime(Instant.now().minus(END_BEFORE_NOW).minus(eventTimeSpan).truncatedTo(ChronoUnit.MINUTES))
        .build();
  }
}
