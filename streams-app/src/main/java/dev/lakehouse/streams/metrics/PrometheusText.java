package dev.lakehouse.streams.metrics;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Writes metric families in the Prometheus text exposition format 0.0.4. */
public final class PrometheusText {
  private PrometheusText() {}

  public static String write(List<MetricFamily> families) {
    StringBuilder out = new StringBuilder(16_384);
    families.stream().sorted(Comparator.comparing(MetricFamily::name)).forEach(family -> {
      out.append("# HELP ").append(family.name()).append(' ').append(escapeHelp(family.help())).append('\n');
      out.append("# TYPE ").append(family.name()).append(' ')
          .append(family.type().name().toLowerCase(Locale.ROOT)).append('\n');
      for (MetricFamily.Sample sample : family.samples()) {
        out.append(family.name());
        writeLabels(out, sample.labels());
        out.append(' ').append(formatValue(sample.value())).append('\n');
      }
    });
    return out.toString();
  }

  /** A valid metric or label name: every character outside {@code [a-zA-Z0-9_]} becomes {@code _}. */
  public static String sanitize(String name) {
    // called for every metric and tag of every scrape (thousands with Kafka Streams): a char loop,
    // since a regex replace here once took most of the app's CPU under a frequent scrape
    StringBuilder sanitized = new StringBuilder(name.length() + 1);
    if (!name.isEmpty() && Character.isDigit(name.charAt(0))) {
      sanitized.append('_');
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean valid = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
      sanitized.append(valid ? c : '_');
    }
    return sanitized.toString();
  }

  private static void writeLabels(StringBuilder out, Map<String, String> labels) {
    if (labels.isEmpty()) {
      return;
    }
    out.append('{');
    String separator = "";
    for (Map.Entry<String, String> label : new TreeMap<>(labels).entrySet()) {
      out.append(separator).append(sanitize(label.getKey())).append("=\"")
          .append(escapeLabelValue(label.getValue())).append('"');
      separator = ",";
    }
    out.append('}');
  }

  static String formatValue(double value) {
    if (Double.isNaN(value)) {
      return "NaN";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "+Inf" : "-Inf";
    }
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    return Double.toString(value);
  }

  private static String escapeHelp(String help) {
    return help == null ? "" : help.replace("\\", "\\\\").replace("\n", "\\n");
  }

  private static String escapeLabelValue(String value) {
    return value == null ? "" : value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
  }
}
