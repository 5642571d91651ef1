package dev.lakehouse.streams.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {
  @Test
  void writesFamiliesSortedWithHelpTypeAndEscapedLabels() {
    String text = PrometheusText.write(List.of(
        new MetricFamily("z_gauge", MetricFamily.Type.GAUGE, "Last\nline", List.of(
            new MetricFamily.Sample(Map.of("b", "2", "a", "say \"hi\"\\"), 0.25))),
        new MetricFamily("a_total", MetricFamily.Type.COUNTER, "Counted.", List.of(
            new MetricFamily.Sample(Map.of(), 42),
            new MetricFamily.Sample(Map.of("k", "v"), Double.NaN)))));

    assertThat(text).isEqualTo("""
        # HELP a_total Counted.
        # TYPE a_total counter
        a_total 42
        a_total{k="v"} NaN
        # HELP z_gauge Last\\nline
        # TYPE z_gauge gauge
        z_gauge{a="say \\"hi\\"\\\\",b="2"} 0.25
        """);
  }

  @Test
  void formatsSpecialValues() {
    assertThat(PrometheusText.formatValue(Double.POSITIVE_INFINITY)).isEqualTo("+Inf");
    assertThat(PrometheusText.formatValue(Double.NEGATIVE_INFINITY)).isEqualTo("-Inf");
    assertThat(PrometheusText.formatValue(-3.0)).isEqualTo("-3");
    assertThat(PrometheusText.formatValue(1e20)).isEqualTo("1.0E20");
  }

  @Test
  void sanitizesNames() {
    assertThat(PrometheusText.sanitize("stream-thread-metrics.process-rate")).isEqualTo("stream_thread_metrics_process_rate");
    assertThat(PrometheusText.sanitize("1m-window")).isEqualTo("_1m_window");
  }
}
