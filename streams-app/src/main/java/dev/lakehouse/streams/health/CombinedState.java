package dev.lakehouse.streams.health;

import java.util.List;
import org.apache.kafka.streams.KafkaStreams.State;

/**
 * The state of several Kafka Streams clients of one process as one: a failed or stopped client
 * first, then one that is not yet running, else RUNNING. The process is only as healthy as its
 * least healthy client.
 */
public final class CombinedState implements ClientState {
  private static final List<State> WORST_FIRST = List.of(State.ERROR, State.PENDING_ERROR, State.NOT_RUNNING,
      State.PENDING_SHUTDOWN, State.CREATED, State.REBALANCING, State.RUNNING);

  private final List<? extends ClientState> clients;

  public CombinedState(List<? extends ClientState> clients) {
    this.clients = List.copyOf(clients);
  }

  @Override
  public State state() {
    State worst = State.RUNNING;
    for (ClientState client : clients) {
      State state = client.state();
      if (WORST_FIRST.indexOf(state) < WORST_FIRST.indexOf(worst)) {
        worst = state;
      }
    }
    return worst;
  }

  @Override
  public boolean hasBeenRunning() {
    return clients.stream().allMatch(ClientState::hasBeenRunning);
  }
}
