package dev.lakehouse.streams.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.apache.kafka.common.metrics.Gauge;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.metrics.stats.CumulativeCount;
import org.apache.kafka.common.metrics.stats.Value;
import org.junit.jupiter.api.Test;

class KafkaMetricsSourceTest {
  @Test
  void exposesKafkaMetricsWithTagsAsLabelsAndTotalsAsCounters() {
    try (Metrics metrics = new Metrics()) {
      Sensor valid = metrics.sensor("valid");
      valid.add(metrics.metricName("records-valid-total", "stream-lakehouse-metrics", "Valid records.",
          Map.of("thread-id", "t1", "task-id", "0_1")), new CumulativeCount());
      valid.record();
      valid.record();
      Sensor lag = metrics.sensor("lag");
      lag.add(metrics.metricName("records-lag", "consumer-fetch-manager-metrics", "", Map.of("client-id", "c")),
          new Value());
      lag.record(7);
      metrics.addMetric(metrics.metricName("version", "app-info", "text", Map.of()),
          (Gauge<String>) (config, now) -> "4.3.1");

      String text = PrometheusText.write(new KafkaMetricsSource(metrics::metrics).collect());

      assertThat(text)
          .contains("# TYPE kafka_stream_lakehouse_metrics_records_valid_total counter\n"
              + "kafka_stream_lakehouse_metrics_records_valid_total{task_id=\"0_1\",thread_id=\"t1\"} 2\n")
          .contains("# HELP kafka_consumer_fetch_manager_metrics_records_lag consumer-fetch-manager-metrics records-lag\n"
              + "# TYPE kafka_consumer_fetch_manager_metrics_records_lag gauge\n"
              + "kafka_consumer_fetch_manager_metrics_records_lag{client_id=\"c\"} 7\n")
          .doesNotContain("app_info_version");
    }
  }
}
