package dev.lakehouse.streams.metrics;

import java.util.List;

/** Something that has metrics to expose, read at each scrape. */
@FunctionalInterface
public interface MetricsSource {
  List<MetricFamily> collect();
}
