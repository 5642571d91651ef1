package dev.lakehouse.streams.health;

import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KafkaStreams.State;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Streams client state as pushed by {@link KafkaStreams.StateListener}; written by Streams
 * threads, read by HTTP threads, hence volatile.
 */
public final class StateTracker implements KafkaStreams.StateListener {
  private static final Logger LOG = LoggerFactory.getLogger(StateTracker.class);

  private volatile State state = State.CREATED;
  private volatile boolean hasBeenRunning;

  @Override
  public void onChange(State newState, State oldState) {
    LOG.info("Kafka Streams state {} -> {}", oldState, newState);
    state = newState;
    if (newState == State.RUNNING) {
      hasBeenRunning = true;
    }
  }

  public State state() {
    return state;
  }

  /** Whether the client reached RUNNING at least once (its first assignment is restored). */
  public boolean hasBeenRunning() {
    return hasBeenRunning;
  }
}
