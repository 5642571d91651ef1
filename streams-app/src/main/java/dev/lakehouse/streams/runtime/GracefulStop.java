package dev.lakehouse.streams.runtime;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.kafka.streams.KafkaStreams.State;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops the app once, within one deadline: the pipeline's and the reference checks' Kafka Streams
 * clients close side by side, each given what is left of {@code shutdown.timeout}, so the whole
 * stop takes at most that long (an orchestrator kills at its grace period, 30 s by default on
 * Kubernetes and ECS). The clean-stop marker is written as soon as the pipeline closed cleanly:
 * its state is safe then, whatever the reference checks still do, and a kill after that point no
 * longer costs the next start a restore from the changelogs ({@link LocalState}).
 *
 * <p>The shutdown hook and the main thread both run it; the second caller waits for the first.
 */
final class GracefulStop implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(GracefulStop.class);

  /** What the stop needs of a Kafka Streams client ({@link StreamsRunner}; fakes in tests). */
  interface Client {
    State state();

    /** Commits and closes, waiting at most {@code timeout}; whether it closed within it. */
    boolean close(Duration timeout);
  }

  private final Client pipeline;
  private final Client referenceChecks;
  private final Runnable markCleanStop;
  private final AutoCloseable server;
  private final Duration timeout;
  private final Supplier<Instant> clock;
  private final AtomicBoolean started = new AtomicBoolean();
  private final CountDownLatch done = new CountDownLatch(1);

  GracefulStop(Client pipeline, Client referenceChecks, Runnable markCleanStop, AutoCloseable server,
      Duration timeout, Supplier<Instant> clock) {
    this.pipeline = pipeline;
    this.referenceChecks = referenceChecks;
    this.markCleanStop = markCleanStop;
    this.server = server;
    this.timeout = timeout;
    this.clock = clock;
  }

  @Override
  public void run() {
    if (!started.compareAndSet(false, true)) {
      awaitTheFirstCaller();
      return;
    }
    try {
      stop();
    } finally {
      done.countDown();
    }
  }

  private void stop() {
    Instant deadline = clock.get().plus(timeout);
    // a failed pipeline's state is not trusted, however cleanly it closes now
    boolean failed = pipeline.state() == State.ERROR;
    Thread checks = new Thread(() -> closeWithin(referenceChecks, "reference checks", deadline),
        "lakehouse-streams-close-reference-checks");
    checks.start();
    if (closeWithin(pipeline, "pipeline", deadline) && !failed) {
      markCleanStop.run();
      LOG.info("Marked a clean stop: the next start keeps the pipeline's local state");
    }
    try {
      checks.join(Math.max(1, remaining(deadline).toMillis()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      server.close();
    } catch (Exception e) {
      LOG.warn("Cannot close the HTTP server cleanly: {}", e.toString());
    }
  }

  private boolean closeWithin(Client client, String name, Instant deadline) {
    Instant start = clock.get();
    boolean closed = client.close(remaining(deadline));
    Duration took = Duration.between(start, clock.get());
    if (closed) {
      LOG.info("Kafka Streams ({}) closed in {} ms", name, took.toMillis());
    } else {
      LOG.warn("Kafka Streams ({}) did not close within the shutdown deadline ({} ms); its open transactions "
          + "abort on the broker", name, took.toMillis());
    }
    return closed;
  }

  private Duration remaining(Instant deadline) {
    Duration left = Duration.between(clock.get(), deadline);
    return left.isNegative() ? Duration.ZERO : left;
  }

  private void awaitTheFirstCaller() {
    try {
      done.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
