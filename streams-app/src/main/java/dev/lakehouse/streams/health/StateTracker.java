package dev.lakehouse.streams.health;

import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KafkaStreams.State;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Streams client state as pushed by {@link KafkaStreams.StateListener}; written by Streams
 * threads, read by HTTP threads, hence volatile.
 */
public final class StateTracker implements KafkaStreams.StateListener, ClientState {
  private static final Logger LOG = LoggerFactory.getLogger(StateTracker.class);

  private final String client;
  private volatile State state = State.CREATED;
  private volatile boolean hasBeenRunning;

  public StateTracker() {
    this("Kafka Streams");
  }

  /** @param client the client's name in log lines */
  public StateTracker(String client) {
    this.client = client;
  }

  @Override
  public void onChange(State newState, State oldState) {
    LOG.info("{} state {} -> {}", client, oldState, newState);
    state = newState;
    if (newState == State.RUNNING) {
      hasBeenRunning = true;
    }
  }

  @Override
  public State state() {
    return state;
  }

  @Override
  public boolean hasBeenRunning() {
    return hasBeenRunning;
  }
}
