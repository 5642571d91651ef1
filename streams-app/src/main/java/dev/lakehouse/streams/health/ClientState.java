package dev.lakehouse.streams.health;

import org.apache.kafka.streams.KafkaStreams.State;

/** The state of the app's Kafka Streams client(s), as health and metrics read it. */
public interface ClientState {
  State state();

  /** Whether the client reached RUNNING at least once (its first assignment is restored). */
  boolean hasBeenRunning();
}
