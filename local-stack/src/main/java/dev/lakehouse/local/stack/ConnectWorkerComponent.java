package dev.lakehouse.local.stack;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;

/** One Kafka Connect worker (distributed mode, own JVM) with the assembled Iceberg sink plugin. */
public final class ConnectWorkerComponent extends JvmComponent {
  public static final String NAME = "connect";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "Kafka Connect worker";
  }

  @Override
  public List<PortUse> ports(StackConfig config) {
    return List.of(new PortUse(config.connectPort(), Setting.CONNECT_PORT));
  }

  static Path pluginDir(StackConfig config) {
    return config.repoDir().resolve("connect-config/target/plugin");
  }

  public static Path workerLib(StackConfig config) {
    return config.repoDir().resolve("connect-config/target/worker-lib");
  }

  private static Path propertiesFile(StackConfig config) {
    return config.layout().configDir().resolve("connect-worker.properties");
  }

  @Override
  protected void prepare(StackConfig config) {
    ModuleJars.requireBuilt(workerLib(config), title());
    ModuleJars.requireBuilt(pluginDir(config), title());
    ConfigFiles.writeProperties(propertiesFile(config), "Kafka Connect worker of the local stack, from " + template(config),
        workerProperties(config));
  }

  static Path template(StackConfig config) {
    return config.repoDir().resolve("connect-config/config/worker.properties");
  }

  /**
   * connect-config's worker template (it explains each setting) with this stack's addresses:
   * bootstrap servers, REST listener and the absolute plugin path.
   */
  public static Map<String, String> workerProperties(StackConfig config) {
    Path template = template(config);
    ModuleJars.requireBuilt(template, "Kafka Connect worker");
    Properties props = new Properties();
    try (Reader reader = Files.newBufferedReader(template)) {
      props.load(reader);
    } catch (IOException e) {
      throw new StackException("Cannot read the worker template " + template + ": " + e.getMessage(), e);
    }
    Map<String, String> values = new TreeMap<>();
    props.stringPropertyNames().forEach(key -> values.put(key, props.getProperty(key)));
    values.put("bootstrap.servers", config.bootstrapServers());
    values.put("listeners", config.connectUrl());
    values.put("rest.advertised.host.name", "127.0.0.1");
    values.put("rest.advertised.port", Integer.toString(config.connectPort()));
    values.put("plugin.path", pluginDir(config).toString());
    return values;
  }

  @Override
  protected JvmCommand command(StackConfig config) {
    return JvmCommand.forComponent(config, NAME, config.heap(Setting.CONNECT_HEAP),
        workerLib(config) + "/*", "org.apache.kafka.connect.cli.ConnectDistributed")
        .simpleLogging("org.apache.kafka", "org.apache.iceberg", "org.reflections", "org.eclipse.jetty")
        .args(propertiesFile(config).toString());
  }

  @Override
  protected BooleanSupplier readiness(StackConfig config) {
    // /connectors answers only once the worker has joined its group and read the config topic
    return () -> Http.isOk(config.connectUrl() + "/connectors");
  }

  @Override
  protected String detail(StackConfig config) {
    return config.connectUrl();
  }
}
