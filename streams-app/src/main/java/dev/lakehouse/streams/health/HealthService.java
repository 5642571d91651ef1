package dev.lakehouse.streams.health;

import dev.lakehouse.streams.http.Response;
import java.util.EnumSet;
import java.util.Set;
import org.apache.kafka.streams.KafkaStreams.State;

/**
 * Liveness and readiness of the Streams client.
 *
 * <p>Live unless the client failed or stopped (ERROR, PENDING_ERROR, NOT_RUNNING): a supervisor
 * should restart it. Ready once it first reached RUNNING (its tasks are assigned and restored), and
 * afterwards while RUNNING or REBALANCING: cooperative rebalances keep processing, and counting
 * them as not ready would mark every instance of the group unready at the same moment.
 */
public final class HealthService {
  private static final Set<State> DEAD = EnumSet.of(State.ERROR, State.PENDING_ERROR, State.NOT_RUNNING);

  private final ClientState tracker;

  public HealthService(ClientState tracker) {
    this.tracker = tracker;
  }

  public Response live() {
    State state = tracker.state();
    return respond(!DEAD.contains(state), state);
  }

  public Response ready() {
    State state = tracker.state();
    boolean ready =
        state == State.RUNNING || (state == State.REBALANCING && tracker.hasBeenRunning());
    return respond(ready, state);
  }

  private static Response respond(boolean ok, State state) {
    String body = "{\"status\":\"" + (ok ? "UP" : "DOWN") + "\",\"state\":\"" + state + "\"}\n";
    return new Response(ok ? 200 : 503, Response.JSON, body);
  }
}
