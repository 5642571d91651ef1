package dev.lakehouse.connect.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.lakehouse.testkit.ConnectWorkers;
import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Kafka Connect 4.3.1 itself (the assembled worker classpath) accepts every worker template we ship:
 * {@code DistributedConfig} checks each key's type and allowed values (listeners, the REST client-auth
 * mode, an empty admin listener list, the override policy keys). The config providers are left out:
 * they would read the secret files, which exist only on a real worker. Starting a worker with the
 * local template is {@code ConnectorLifecycleIT}'s job.
 */
class WorkerTemplatesIT {
  private static final Path WORKER_LIB = ConnectWorkers.workerLib(RepoDir.get());

  @ParameterizedTest
  @ValueSource(strings = {"config/worker.properties", "config/worker-production.properties",
      "../compose/images/connect/worker.properties"})
  void kafkaConnectAcceptsTheTemplate(String template) throws Exception {
    Map<String, String> worker = withoutConfigProviders(load(Path.of(template)));

    try (URLClassLoader connect = workerClassLoader()) {
      Class<?> config = connect.loadClass("org.apache.kafka.connect.runtime.distributed.DistributedConfig");
      ClassLoader previous = Thread.currentThread().getContextClassLoader();
      // the config resolves class names (converters) through the context class loader, as in a worker
      Thread.currentThread().setContextClassLoader(connect);
      try {
        assertThatCode(() -> {
          try {
            config.getConstructor(Map.class).newInstance(worker);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        }).as("DistributedConfig of %s", template).doesNotThrowAnyException();
      } finally {
        Thread.currentThread().setContextClassLoader(previous);
      }
      Class<?> policy = connect.loadClass("org.apache.kafka.connect.connector.policy."
          + worker.get("connector.client.config.override.policy") + "ConnectorClientConfigOverridePolicy");
      assertThat(policy).as("the override policy %s exists in Connect 4.3.1", worker.get("connector.client.config.override.policy"))
          .isNotNull();
    }
  }

  private static Map<String, String> withoutConfigProviders(Properties properties) {
    Map<String, String> worker = new HashMap<>();
    properties.stringPropertyNames().stream().filter(k -> !k.startsWith("config.providers"))
        .forEach(k -> worker.put(k, properties.getProperty(k)));
    return worker;
  }

  private static Properties load(Path template) throws IOException {
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(template)) {
      properties.load(reader);
    }
    return properties;
  }

  private static URLClassLoader workerClassLoader() throws IOException {
    try (Stream<Path> jars = Files.list(WORKER_LIB)) {
      List<URL> urls = jars.filter(j -> j.toString().endsWith(".jar")).map(WorkerTemplatesIT::url).toList();
      return new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }
  }

  private static URL url(Path jar) {
    try {
      return jar.toUri().toURL();
    } catch (IOException e) {
      throw new IllegalStateException("Cannot use " + jar + " on a class path: " + e.getMessage(), e);
    }
  }
}
