package dev.lakehouse.streams.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.kafka.streams.KafkaStreams.State;

/** {@code lakehouse_streams_state{state="..."}}: 1 for the client's current state, 0 for the others. */
public final class StateMetricsSource implements MetricsSource {
  private final Supplier<State> state;

  public StateMetricsSource(Supplier<State> state) {
    this.state = state;
  }

  @Override
  public List<MetricFamily> collect() {
    State current = state.get();
    List<MetricFamily.Sample> samples = new ArrayList<>();
    for (State each : State.values()) {
      samples.add(new MetricFamily.Sample(Map.of("state", each.name()), each == current ? 1 : 0));
    }
    return List.of(new MetricFamily("lakehouse_streams_state", MetricFamily.Type.GAUGE,
        "Kafka Streams client state (1 = current).", samples));
  }
}
