package dev.lakehouse.connect.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The assembled plugin directory is exactly the committed runtime-deps.txt (STYLE.md habit 14). */
class PluginDirIT {
  private static final Path PLUGIN = Path.of(System.getProperty("connect.plugin-dir"), "lakehouse-iceberg-sink");
  private static final Path EXPECTED = Path.of(System.getProperty("connect.runtime-deps"));

  @Test
  void thePluginDirMatchesRuntimeDepsTxt() throws IOException {
    TreeSet<String> actual = jars();
    TreeSet<String> expected = expected();
    Path actualFile = PLUGIN.getParent().getParent().resolve("runtime-deps.actual.txt");
    List<String> header = Files.readAllLines(EXPECTED).stream().filter(l -> l.startsWith("#")).toList();
    Files.write(actualFile, Stream.concat(header.stream(), actual.stream()).toList());

    TreeSet<String> added = new TreeSet<>(actual);
    added.removeAll(expected);
    TreeSet<String> missing = new TreeSet<>(expected);
    missing.removeAll(actual);
    assertThat(added.isEmpty() && missing.isEmpty())
        .as("Cannot accept the plugin directory %s: it differs from %s. New jars: %s. Jars gone: %s. If the change is "
            + "intended (a version bump, a dependency added or removed in sink-plugin/pom.xml): cp %s %s",
            PLUGIN, EXPECTED, added, missing, actualFile, EXPECTED)
        .isTrue();
  }

  @Test
  void thePluginLeavesKafkaAndLoggingToTheWorker() throws IOException {
    assertThat(jars()).noneMatch(j -> j.startsWith("kafka-clients") || j.startsWith("connect-api")
        || j.startsWith("slf4j") || j.startsWith("log4j") || j.startsWith("logback"));
    assertThat(jars()).anyMatch(j -> j.startsWith("iceberg-kafka-connect-1.12.0"))
        .anyMatch(j -> j.startsWith("schemas-"));
  }

  private static TreeSet<String> jars() throws IOException {
    try (Stream<Path> files = Files.list(PLUGIN)) {
      return files.map(f -> f.getFileName().toString()).collect(TreeSet::new, TreeSet::add, TreeSet::addAll);
    }
  }

  private static TreeSet<String> expected() throws IOException {
    List<String> lines = Files.readAllLines(EXPECTED);
    return lines.stream().map(String::trim).filter(l -> !l.isEmpty() && !l.startsWith("#"))
        .collect(TreeSet::new, TreeSet::add, TreeSet::addAll);
  }
}
