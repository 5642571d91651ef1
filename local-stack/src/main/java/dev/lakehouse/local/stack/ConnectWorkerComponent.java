package dev.lakehouse.local.stack;

import dev.lakehouse.testkit.ConnectWorkers;
import dev.lakehouse.testkit.JavaCommand;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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

  public static Path workerLib(StackConfig config) {
    return ConnectWorkers.workerLib(config.repoDir());
  }

  private static Path propertiesFile(StackConfig config) {
    return config.layout().configDir().resolve("connect-worker.properties");
  }

  @Override
  protected void prepare(StackConfig config) {
    ModuleJars.requireBuilt(workerLib(config), title());
    ModuleJars.requireBuilt(ConnectWorkers.pluginDir(config.repoDir()), title());
    ConfigFiles.writeProperties(propertiesFile(config), "Kafka Connect worker of the local stack, from " + template(config),
        workerProperties(config));
  }

  static Path template(StackConfig config) {
    return ConnectWorkers.template(config.repoDir());
  }

  /** connect-config's worker template with this stack's addresses. */
  public static Map<String, String> workerProperties(StackConfig config) {
    ModuleJars.requireBuilt(template(config), "Kafka Connect worker");
    return ConnectWorkers.properties(config.repoDir(), config.bootstrapServers(), config.connectPort());
  }

  @Override
  protected JavaCommand command(StackConfig config) {
    return JvmCommand.forComponent(config, NAME, config.heap(Setting.CONNECT_HEAP),
        workerLib(config) + "/*", ConnectWorkers.MAIN_CLASS)
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
