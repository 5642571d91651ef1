package dev.lakehouse.local.stack.components;

import dev.lakehouse.generator.GeneratorCli;
import dev.lakehouse.local.stack.Component;
import dev.lakehouse.local.stack.Progress;
import dev.lakehouse.local.stack.Readiness;
import dev.lakehouse.local.stack.config.ModuleJars;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.process.DetachedProcess;
import dev.lakehouse.local.stack.process.JvmCommand;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The event generator (own JVM) producing orders, payments and reference data into the input
 * topics; extra arguments come from {@code generator.args}.
 */
public final class GeneratorComponent implements Component {
  public static final String NAME = "generator";
  public static final String MODULE = "generator";
  public static final String MAIN_CLASS = GeneratorCli.class.getName();
  private static final Duration SETTLE = Duration.ofSeconds(3);

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "Event generator";
  }

  @Override
  public Optional<String> skipReason(StackConfig config) {
    if (!config.enabled(Setting.GENERATOR_ENABLED)) {
      return Optional.of("generator.enabled=false");
    }
    if (!ModuleJars.isBuilt(config.repoDir(), MODULE)) {
      return Optional.of(ModuleJars.jar(config.repoDir(), MODULE) + " is not built (./lakehouse setup builds it)");
    }
    return Optional.empty();
  }

  public static List<String> arguments(StackConfig config) {
    List<String> args = new ArrayList<>(List.of("--bootstrap-servers", config.bootstrapServers()));
    args.addAll(config.generatorArgs());
    if (!args.contains("--follow-group")) {
      // without it, a backlog in the app makes one task run ahead in event time and on-time events late
      args.addAll(List.of("--follow-group", config.streamsApplicationId()));
    }
    return args;
  }

  /**
   * Started once it has run a few seconds without failing; a bounded run that already finished
   * with exit code 0 counts as started too.
   */
  @Override
  public String start(StackConfig config, Progress progress) {
    List<String> command = JvmCommand.forComponent(config, NAME, config.heap(Setting.GENERATOR_HEAP),
            ModuleJars.classpath(config.repoDir(), MODULE, title()), MAIN_CLASS)
        .simpleLogging("org.apache.kafka")
        .args(arguments(config))
        .toList();
    Process process = DetachedProcess.start(NAME, command, config.layout(), Map.of());
    Readiness.StartedComponent started = new Readiness.StartedComponent(NAME, title(), process, config.layout());
    long settledAt = System.nanoTime() + SETTLE.toNanos();
    Readiness.await(started, () -> System.nanoTime() > settledAt || exitedCleanly(process), config.startupTimeout(), progress);
    return exitedCleanly(process) ? "finished its run" : "running, ./lakehouse logs generator";
  }

  private static boolean exitedCleanly(Process process) {
    return !process.isAlive() && process.exitValue() == 0;
  }
}
