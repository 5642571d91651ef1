package dev.lakehouse.peerflink.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Flink peer configurations one benchmark run measures, from its third argument: configurations
 * separated by {@code |}, each a space-separated list of peer settings ({@code key=value}, e.g.
 * {@code checkpoint.interval=100ms flink.state.backend.type=hashmap}) and JVM options (starting with
 * {@code -}; without one the peer runs with the benchmark's heap). Empty: the peer's defaults.
 *
 * @param settings peer settings on top of the benchmark's
 * @param jvmOptions JAVA_OPTS of the peer's JVM
 */
record FlinkConfigs(String text, Map<String, String> settings, String jvmOptions) {

  static List<FlinkConfigs> parse(String argument, String defaultJvmOptions) {
    List<FlinkConfigs> configs = new ArrayList<>();
    for (String config : (argument == null ? "" : argument).split("\\|", -1)) {
      Map<String, String> settings = new LinkedHashMap<>();
      List<String> jvm = new ArrayList<>();
      for (String word : config.trim().split("\\s+")) {
        if (word.isEmpty()) {
          continue;
        }
        if (word.startsWith("-")) {
          jvm.add(word);
        } else if (word.contains("=")) {
          settings.put(word.substring(0, word.indexOf('=')), word.substring(word.indexOf('=') + 1));
        } else {
          throw new IllegalArgumentException("Cannot read the Flink configuration '" + config + "': '" + word
              + "' is neither key=value nor a JVM option; separate configurations with |");
        }
      }
      configs.add(new FlinkConfigs(config.trim().isEmpty() ? "defaults" : config.trim(), Map.copyOf(settings),
          jvm.isEmpty() ? defaultJvmOptions : String.join(" ", jvm)));
    }
    return configs;
  }

  @Override
  public String toString() {
    return text.contains(jvmOptions) ? text : text + " (JVM " + jvmOptions + ")";
  }
}
