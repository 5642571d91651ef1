package dev.lakehouse.streams.runtime;

import dev.lakehouse.streams.health.ClientState;
import dev.lakehouse.streams.health.HealthService;
import dev.lakehouse.streams.http.Routes;
import dev.lakehouse.streams.metrics.JvmMetricsSource;
import dev.lakehouse.streams.metrics.KafkaMetricsSource;
import dev.lakehouse.streams.metrics.MetricsEndpoint;
import dev.lakehouse.streams.metrics.MetricsSource;
import dev.lakehouse.streams.metrics.StateMetricsSource;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/** The HTTP endpoints of the app: liveness, readiness and Prometheus metrics. */
public final class StatusEndpoints {
  public static final String LIVE = "/health/live";
  public static final String READY = "/health/ready";
  public static final String METRICS = "/metrics";

  private StatusEndpoints() {}

  public static Routes routes(ClientState tracker, Supplier<Map<MetricName, ? extends Metric>> kafkaMetrics,
      MetricsSource appMetrics) {
    HealthService health = new HealthService(tracker);
    MetricsEndpoint metrics = new MetricsEndpoint(List.of(
        new KafkaMetricsSource(kafkaMetrics), new StateMetricsSource(tracker::state), appMetrics, new JvmMetricsSource()));
    return new Routes()
        .add(LIVE, health::live)
        .add(READY, health::ready)
        .add(METRICS, metrics::scrape);
  }
}
