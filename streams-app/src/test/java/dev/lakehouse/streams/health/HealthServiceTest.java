package dev.lakehouse.streams.health;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.streams.http.Response;
import org.apache.kafka.streams.KafkaStreams.State;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HealthServiceTest {
  private final StateTracker tracker = new StateTracker();
  private final HealthService health = new HealthService(tracker);

  @ParameterizedTest
  @CsvSource({"CREATED,200", "REBALANCING,200", "RUNNING,200", "PENDING_SHUTDOWN,200",
      "NOT_RUNNING,503", "PENDING_ERROR,503", "ERROR,503"})
  void liveUnlessFailedOrStopped(State state, int status) {
    tracker.onChange(state, State.CREATED);

    Response response = health.live();

    assertThat(response.status()).isEqualTo(status);
    assertThat(response.contentType()).isEqualTo("application/json");
    assertThat(response.body())
        .isEqualTo("{\"status\":\"" + (status == 200 ? "UP" : "DOWN") + "\",\"state\":\"" + state + "\"}\n");
  }

  @ParameterizedTest
  @CsvSource({"CREATED,503", "REBALANCING,503", "RUNNING,200", "PENDING_SHUTDOWN,503", "NOT_RUNNING,503",
      "PENDING_ERROR,503", "ERROR,503"})
  void readyOnlyWhenRunningAtStartup(State state, int status) {
    tracker.onChange(state, State.CREATED);

    assertThat(health.ready().status()).isEqualTo(status);
  }

  @Test
  void staysReadyThroughRebalancesOnceItHasRun() {
    tracker.onChange(State.REBALANCING, State.CREATED);
    tracker.onChange(State.RUNNING, State.REBALANCING);
    tracker.onChange(State.REBALANCING, State.RUNNING);

    assertThat(health.ready().status()).isEqualTo(200);
    assertThat(health.ready().body()).isEqualTo("{\"status\":\"UP\",\"state\":\"REBALANCING\"}\n");

    tracker.onChange(State.PENDING_SHUTDOWN, State.REBALANCING);
    assertThat(health.ready().status()).isEqualTo(503);
  }
}
