package dev.lakehouse.local.stack.components;

import dev.lakehouse.connect.cli.ConnectConfigCli;
import dev.lakehouse.connect.config.Environment;
import dev.lakehouse.local.stack.Component;
import dev.lakehouse.local.stack.Progress;
import dev.lakehouse.local.stack.Readiness;
import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.local.stack.StopResult;
import dev.lakehouse.local.stack.config.ModuleJars;
import dev.lakehouse.local.stack.config.Replay;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.process.DetachedProcess;
import dev.lakehouse.local.stack.process.JvmCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;

/**
 * Applies the {@code local} connector config to the worker through the connect-config CLI, which
 * also creates the Iceberg tables first. A one-shot step: it runs on every {@code up} (applying
 * is idempotent) and has nothing to stop. A replay's connector first creates the replay's output
 * topics, then reads them into the replay's namespace.
 */
public final class ConnectorComponent implements Component {
  public static final String NAME = "connector";
  public static final String MODULE = "connect-config";
  public static final String CLI_CLASS = ConnectConfigCli.class.getName();

  private final Optional<Replay> replay;

  public ConnectorComponent() {
    this.replay = Optional.empty();
  }

  public ConnectorComponent(Replay replay) {
    this.replay = Optional.of(replay);
  }

  @Override
  public String name() {
    return replay.map(r -> NAME + "-replay-" + r.id()).orElse(NAME);
  }

  @Override
  public String title() {
    return replay.map(r -> "Iceberg tables and sink connector of replay " + r.id() + " (" + r.namespace() + ")")
        .orElse("Iceberg tables and sink connector (connect-config apply --env local)");
  }

  @Override
  public boolean isRunning(StackConfig config) {
    return false;
  }

  @Override
  public String start(StackConfig config, Progress progress) {
    replay.ifPresent(r -> createOutputTopics(config, r));
    String classpath = ModuleJars.classpath(config.repoDir(), MODULE, title());
    List<String> command = JvmCommand.forComponent(config, name(), "256m", classpath, CLI_CLASS)
        .simpleLogging("org.apache.kafka", "org.apache.iceberg")
        .args(replay.map(r -> arguments(config, r)).orElseGet(() -> arguments(config)))
        .toList();
    Process process = DetachedProcess.launch(name(), command, config.layout(), Map.of());
    Readiness.awaitSuccess(new Readiness.StartedComponent(name(), "apply the connector config", process, config.layout()),
        config.startupTimeout(), progress);
    return "applied to " + config.connectUrl();
  }

  private static void createOutputTopics(StackConfig config, Replay replay) {
    try {
      PipelineTopics.ensureOutputs(config.bootstrapServers(), config.topicPartitions(), replay.topicPrefix());
    } catch (ExecutionException e) {
      throw new StackException("Cannot create the output topics of replay " + replay.id() + ": " + e.getCause(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StackException("Interrupted while creating the output topics of replay " + replay.id(), e);
    }
  }

  /** The arguments of a replay's connector: its own name, namespace and topic prefix. */
  public static List<String> arguments(StackConfig config, Replay replay) {
    List<String> args = new ArrayList<>(arguments(config));
    args.addAll(List.of("--name", replay.connectorName(), "--namespace", replay.namespace(),
        "--topic-prefix", replay.topicPrefix()));
    return args;
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
