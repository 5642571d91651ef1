package dev.lakehouse.local.stack.components;

import dev.lakehouse.local.stack.config.ConfigFiles;
import dev.lakehouse.local.stack.config.ModuleJars;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.process.Http;
import dev.lakehouse.local.stack.process.JvmCommand;
import dev.lakehouse.testkit.ConnectWorkers;
import dev.lakehouse.testkit.JavaCommand;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * One Kafka Connect worker (distributed mode, own JVM) with the assembled Iceberg sink plugin.
 * Worker 1 is {@code connect}; with {@code connect.workers} above 1, worker n is {@code connect-n},
 * with its own REST port and properties file, in the same group (one Connect cluster).
 */
public final class ConnectWorkerComponent extends JvmComponent {
  public static final String NAME = "connect";

  private final int worker;

  public ConnectWorkerComponent() {
    this(1);
  }

  /** @param worker 1-based */
  public ConnectWorkerComponent(int worker) {
    this.worker = worker;
  }

  @Override
  public String name() {
    return worker == 1 ? NAME : NAME + "-" + worker;
  }

  @Override
  public String title() {
    return worker == 1 ? "Kafka Connect worker" : "Kafka Connect worker " + worker;
  }

  @Override
  public List<PortUse> ports(StackConfig config) {
    return List.of(new PortUse(config.connectPort(worker), Setting.CONNECT_PORT));
  }

  public static Path workerLib(StackConfig config) {
    return ConnectWorkers.workerLib(config.repoDir());
  }

  private Path propertiesFile(StackConfig config) {
    return config.layout().configDir().resolve(worker == 1 ? "connect-worker.properties" : "connect-worker-" + worker + ".properties");
  }

  @Override
  protected void prepare(StackConfig config) {
    ModuleJars.requireBuilt(workerLib(config), title());
    ModuleJars.requireBuilt(ConnectWorkers.pluginDir(config.repoDir()), title());
    ConfigFiles.writeProperties(propertiesFile(config), title() + " of the local stack, from " + template(config),
        workerProperties(config, worker));
  }

  static Path template(StackConfig config) {
    return ConnectWorkers.template(config.repoDir());
  }

  /** connect-config's worker template with this stack's addresses, for the first worker. */
  public static Map<String, String> workerProperties(StackConfig config) {
    return workerProperties(config, 1);
  }

  private static Map<String, String> workerProperties(StackConfig config, int worker) {
    ModuleJars.requireBuilt(template(config), "Kafka Connect worker");
    return ConnectWorkers.properties(config.repoDir(), config.bootstrapServers(), config.connectPort(worker));
  }

  @Override
  protected JavaCommand command(StackConfig config) {
    return JvmCommand.forComponent(config, name(), config.heap(Setting.CONNECT_HEAP),
        workerLib(config) + "/*", ConnectWorkers.MAIN_CLASS)
        .simpleLogging("org.apache.kafka", "org.apache.iceberg", "org.reflections", "org.eclipse.jetty")
        .args(propertiesFile(config).toString());
  }

  @Override
  protected BooleanSupplier readiness(StackConfig config) {
    // /connectors answers only once the worker has joined its group and read the config topic
    return () -> Http.isOk(config.connectUrl(worker) + "/connectors");
  }

  @Override
  protected String detail(StackConfig config) {
    return config.connectUrl(worker);
  }
}
