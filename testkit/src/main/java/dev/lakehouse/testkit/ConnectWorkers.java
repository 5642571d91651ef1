package dev.lakehouse.testkit;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * A Kafka Connect worker as the project runs one: connect-config's worker template (it explains
 * each setting) with this worker's broker, REST listener and plugin path, in a JVM of its own on
 * connect-config's assembled {@code target/worker-lib}, with the sink in {@code target/plugin}.
 */
public final class ConnectWorkers {
  public static final String MAIN_CLASS = "org.apache.kafka.connect.cli.ConnectDistributed";

  private ConnectWorkers() {}

  public static Path template(Path repoDir) {
    return repoDir.resolve("connect-config/config/worker.properties");
  }

  public static Path workerLib(Path repoDir) {
    return repoDir.resolve("connect-config/target/worker-lib");
  }

  public static Path pluginDir(Path repoDir) {
    return repoDir.resolve("connect-config/target/plugin");
  }

  /** The template's settings with this worker's addresses: bootstrap servers, REST listener and the absolute plugin path. */
  public static Map<String, String> properties(Path repoDir, String bootstrapServers, int restPort) {
    Properties template = new Properties();
    try (Reader reader = Files.newBufferedReader(template(repoDir))) {
      template.load(reader);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the worker template " + template(repoDir) + ": " + e.getMessage(), e);
    }
    Map<String, String> values = new TreeMap<>();
    template.stringPropertyNames().forEach(key -> values.put(key, template.getProperty(key)));
    values.put("bootstrap.servers", bootstrapServers);
    values.put("listeners", "http://127.0.0.1:" + restPort);
    values.put("rest.advertised.host.name", "127.0.0.1");
    values.put("rest.advertised.port", Integer.toString(restPort));
    values.put("plugin.path", pluginDir(repoDir).toAbsolutePath().toString());
    return values;
  }

  /** Writes worker properties as a Java properties file, for the worker's command line. */
  public static Path write(Path file, Map<String, String> properties, String comment) throws IOException {
    Properties props = new Properties();
    props.putAll(properties);
    Files.createDirectories(file.toAbsolutePath().getParent());
    try (Writer out = Files.newBufferedWriter(file)) {
      props.store(out, comment);
    }
    return file;
  }

  /** {@code ConnectDistributed <properties file>} on the worker-lib classpath; the caller adds heap and logging. */
  public static JavaCommand command(Path repoDir, Path propertiesFile) {
    return new JavaCommand(workerLib(repoDir) + "/*", MAIN_CLASS).args(propertiesFile.toString());
  }
}
