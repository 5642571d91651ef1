package dev.lakehouse.streams.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * Exposes Kafka client metrics (a {@code KafkaStreams.metrics()} map: Streams, its consumers and
 * producers, and custom sensors) as {@code kafka_<group>_<name>} with the tags as labels. Metrics
 * named {@code *-total} are cumulative and become counters; the rest are gauges. Non-numeric
 * metrics (such as the client version) are left out.
 */
public final class KafkaMetricsSource implements MetricsSource {
  private final Supplier<Map<MetricName, ? extends Metric>> metrics;

  public KafkaMetricsSource(Supplier<Map<MetricName, ? extends Metric>> metrics) {
    this.metrics = metrics;
  }

  @Override
  public List<MetricFamily> collect() {
    Map<String, Builder> families = new TreeMap<>();
    metrics.get().forEach((name, metric) -> {
      if (metric.metricValue() instanceof Number number) {
        String family = PrometheusText.sanitize("kafka_" + name.group() + "_" + name.name());
        families.computeIfAbsent(family, f -> new Builder(f, name))
            .add(name.tags(), number.doubleValue());
      }
    });
    List<MetricFamily> result = new ArrayList<>(families.size());
    families.values().forEach(builder -> result.add(builder.build()));
    return result;
  }

  private static final class Builder {
    private final String name;
    private final MetricFamily.Type type;
    private final String help;
    // metrics whose names differ only in characters that sanitizing merges would repeat a series
    private final Map<Map<String, String>, Double> samples = new LinkedHashMap<>();

    Builder(String name, MetricName first) {
      this.name = name;
      this.type = first.name().endsWith("-total") ? MetricFamily.Type.COUNTER : MetricFamily.Type.GAUGE;
      this.help = first.description() == null || first.description().isBlank()
          ? first.group() + " " + first.name()
          : first.description();
    }

    void add(Map<String, String> tags, double value) {
      Map<String, String> labels = new TreeMap<>();
      tags.forEach((key, tagValue) -> labels.put(PrometheusText.sanitize(key), tagValue));
      samples.putIfAbsent(labels, value);
    }

    MetricFamily build() {
      List<MetricFamily.Sample> list = new ArrayList<>(samples.size());
      samples.forEach((labels, value) -> list.add(new MetricFamily.Sample(labels, value)));
      return new MetricFamily(name, type, help, list);
    }
  }
}
