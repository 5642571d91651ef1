package dev.lakehouse.streams.metrics;

import java.util.List;
import java.util.Map;

/** One Prometheus metric: name, type, help and its samples (one per label set). */
public record MetricFamily(String name, Type type, String help, List<Sample> samples) {
  public enum Type {
    COUNTER,
    GAUGE
  }

  public record Sample(Map<String, String> labels, double value) {}
}
