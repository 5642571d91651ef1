package dev.lakehouse.streams.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.streams.KafkaStreams.State;
import org.junit.jupiter.api.Test;

/**
 * Both clients close within one shutdown deadline, and the clean-stop marker does not wait for the
 * reference checks: an orchestrator kills at its grace period, and a kill before the marker costs
 * the next start a restore of all local state.
 */
class GracefulStopTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(2);

  private final List<String> events = Collections.synchronizedList(new ArrayList<>());

  /** A client that takes {@code closeTime} to close, or its whole timeout when that is longer (then it has not closed). */
  private final class FakeClient implements GracefulStop.Client {
    private final String name;
    private final State state;
    private final Duration closeTime;
    private final AtomicInteger closes = new AtomicInteger();
    private volatile Duration timeoutGiven;

    FakeClient(String name, State state, Duration closeTime) {
      this.name = name;
      this.state = state;
      this.closeTime = closeTime;
    }

    @Override
    public State state() {
      return state;
    }

    @Override
    public boolean close(Duration timeout) {
      closes.incrementAndGet();
      timeoutGiven = timeout;
      boolean closesInTime = closeTime.compareTo(timeout) <= 0;
      sleep(closesInTime ? closeTime : timeout);
      events.add(name + (closesInTime ? " closed" : " timed out"));
      return closesInTime;
    }
  }

  private GracefulStop stop(FakeClient pipeline, FakeClient checks) {
    return new GracefulStop(pipeline, checks, () -> events.add("marker"), () -> events.add("server closed"),
        TIMEOUT, Instant::now);
  }

  @Test
  void theMarkerIsWrittenOnceThePipelineClosedWhileTheReferenceChecksStillClose() {
    FakeClient pipeline = new FakeClient("pipeline", State.RUNNING, Duration.ofMillis(100));
    FakeClient checks = new FakeClient("checks", State.RUNNING, Duration.ofSeconds(1));

    stop(pipeline, checks).run();

    assertThat(events).containsExactly("pipeline closed", "marker", "checks closed", "server closed");
  }

  @Test
  void bothClientsShareOneDeadlineSoTheStopTakesTheTimeoutNotTwice() {
    FakeClient pipeline = new FakeClient("pipeline", State.RUNNING, Duration.ofMinutes(1));
    FakeClient checks = new FakeClient("checks", State.RUNNING, Duration.ofMinutes(1));
    long start = System.nanoTime();

    stop(pipeline, checks).run();

    Duration took = Duration.ofNanos(System.nanoTime() - start);
    assertThat(took).isGreaterThanOrEqualTo(TIMEOUT).isLessThan(TIMEOUT.plusMillis(1500));
    assertThat(pipeline.timeoutGiven).isLessThanOrEqualTo(TIMEOUT).isGreaterThan(TIMEOUT.minusMillis(500));
    assertThat(checks.timeoutGiven).isLessThanOrEqualTo(TIMEOUT).isGreaterThan(TIMEOUT.minusMillis(500));
    assertThat(events).as("no marker when the pipeline did not close in time")
        .containsExactlyInAnyOrder("pipeline timed out", "checks timed out", "server closed");
  }

  @Test
  void aPipelineThatFailedGetsNoMarkerEvenWhenItClosesCleanly() {
    FakeClient pipeline = new FakeClient("pipeline", State.ERROR, Duration.ZERO);
    FakeClient checks = new FakeClient("checks", State.RUNNING, Duration.ZERO);

    stop(pipeline, checks).run();

    assertThat(events).doesNotContain("marker").contains("pipeline closed", "checks closed", "server closed");
  }

  @Test
  void theHookAndTheMainThreadStopOnceAndTheSecondCallerWaitsForTheFirst() throws Exception {
    FakeClient pipeline = new FakeClient("pipeline", State.RUNNING, Duration.ofMillis(500));
    FakeClient checks = new FakeClient("checks", State.RUNNING, Duration.ofMillis(500));
    GracefulStop stop = stop(pipeline, checks);
    CountDownLatch firstStarted = new CountDownLatch(1);

    CompletableFuture<Void> first = CompletableFuture.runAsync(() -> {
      firstStarted.countDown();
      stop.run();
    });
    assertThat(firstStarted.await(5, TimeUnit.SECONDS)).isTrue();
    sleep(Duration.ofMillis(100));
    stop.run();

    assertThat(events).as("the second caller returns once the stop is done").contains("server closed");
    first.get(5, TimeUnit.SECONDS);
    assertThat(pipeline.closes.get()).isEqualTo(1);
    assertThat(checks.closes.get()).isEqualTo(1);
    assertThat(events).containsOnlyOnce("marker", "server closed");
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
