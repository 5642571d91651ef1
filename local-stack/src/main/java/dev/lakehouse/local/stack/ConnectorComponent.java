package dev.lakehouse.local.stack;

import dev.lakehouse.connect.cli.ConnectConfigCli;
import dev.lakehouse.connect.config.Environment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Applies the {@code local} connector config to the worker through the connect-config CLI, which
 * also creates the Iceberg tables first. A one-shot step: it runs on every {@code up} (applying
 * is idempotent) and has nothing to stop.
 */
public final class ConnectorComponent implements Component {
  public static final String NAME = "connector";
  public static final String MODULE = "connect-config";
  public static final String CLI_CLASS = ConnectConfigCli.class.getName();

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "Iceberg tables and sink connector (connect-config apply --env local)";
  }

  @Override
  public boolean isRunning(StackConfig config) {
    return false;
  }

  @Override
  public String start(StackConfig config, Progress progress) {
    String classpath = ModuleJars.classpath(config.repoDir(), MODULE, title());
    List<String> command = JvmCommand.forComponent(config, NAME, "256m", classpath, CLI_CLASS)
        .simpleLogging("org.apache.kafka", "org.apache.iceberg")
        .args(arguments(config))
        .toList();
    Process process = DetachedProcess.launch(NAME, command, config.layout(), Map.of());
    Readiness.awaitSuccess(new Readiness.StartedComponent(NAME, "apply the connector config", process, config.layout()),
        config.startupTimeout(), progress);
    return "applied to " + config.connectUrl();
  }

  public static List<String> arguments(StackConfig config) {
    List<String> args = new ArrayList<>(List.of("apply", "--env", Environment.LOCAL.id(), "--connect-url", config.connectUrl(),
        "--bootstrap-servers", config.bootstrapServers(), "--s3-endpoint", config.s3Endpoint(),
        "--data-dir", config.dataDir().toString()));
    if (config.connectWorkers() > 1) {
      // one sink task per output partition, so that every worker of the cluster gets tasks
      args.addAll(List.of("--tasks-max", Integer.toString(config.topicPartitions())));
    }
    return args;
  }

  @Override
  public StopResult stop(StackConfig config) {
    return StopResult.NOT_RUNNING;
  }
}
