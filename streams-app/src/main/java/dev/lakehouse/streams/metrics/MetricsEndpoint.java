package dev.lakehouse.streams.metrics;

import dev.lakehouse.streams.http.Response;
import java.util.ArrayList;
import java.util.List;

/** The {@code /metrics} answer: every source's families in the Prometheus text format. */
public final class MetricsEndpoint {
  private final List<MetricsSource> sources;

  public MetricsEndpoint(List<MetricsSource> sources) {
    this.sources = List.copyOf(sources);
  }

  public Response scrape() {
    List<MetricFamily> families = new ArrayList<>();
    sources.forEach(source -> families.addAll(source.collect()));
    return new Response(200, Response.PROMETHEUS, PrometheusText.write(families));
  }
}
