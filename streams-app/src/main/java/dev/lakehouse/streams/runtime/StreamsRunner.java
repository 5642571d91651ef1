package dev.lakehouse.streams.runtime;

import dev.lakehouse.streams.health.StateTracker;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KafkaStreams.State;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.apache.kafka.streams.processor.StateRestoreListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one {@link KafkaStreams} client: pushes its state to a {@link StateTracker}, its restores to a
 * listener, and counts down a latch, shared by the app's clients, when it stops.
 *
 * <p>An exception that escapes a stream thread shuts the client down (SHUTDOWN_CLIENT) rather than
 * replacing the thread: bad input never gets here (it goes to dead-letters), so what does is a
 * bug or a persistent failure, and a replaced thread would resume from the last commit and fail on
 * the same record forever. The client ends in ERROR, liveness turns 503 and the process exits 1,
 * so the supervisor restarts it with its backoff; other instances of the group keep going
 * (unlike SHUTDOWN_APPLICATION).
 */
public final class StreamsRunner implements GracefulStop.Client, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(StreamsRunner.class);

  private final KafkaStreams streams;

  public StreamsRunner(Topology topology, Properties properties, StateTracker tracker, CountDownLatch stopped,
      StateRestoreListener restores) {
    this.streams = new KafkaStreams(topology, properties);
    streams.setGlobalStateRestoreListener(restores);
    streams.setStateListener((newState, oldState) -> {
      tracker.onChange(newState, oldState);
      if (newState == State.ERROR || newState == State.NOT_RUNNING) {
        stopped.countDown();
      }
    });
    streams.setUncaughtExceptionHandler(exception -> {
      LOG.error("A stream thread failed; shutting this Kafka Streams client down", exception);
      return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
    });
  }

  public void start() {
    streams.start();
  }

  @Override
  public State state() {
    return streams.state();
  }

  public Map<MetricName, ? extends Metric> metrics() {
    return streams.metrics();
  }

  /**
   * Commits and closes, waiting at most the timeout; safe to call more than once and from several
   * threads. Returns whether the client closed within it.
   */
  @Override
  public boolean close(Duration timeout) {
    return streams.close(timeout);
  }

  @Override
  public void close() {
    close(Duration.ofSeconds(30));
  }
}
