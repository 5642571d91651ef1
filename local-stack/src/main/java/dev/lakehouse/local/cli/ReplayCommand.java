package dev.lakehouse.local.cli;

import dev.lakehouse.local.stack.Components;
import dev.lakehouse.local.stack.ConnectWorkerComponent;
import dev.lakehouse.local.stack.DbtComponent;
import dev.lakehouse.local.stack.LocalStack;
import dev.lakehouse.local.stack.Replay;
import dev.lakehouse.local.stack.ReplaySwitch;
import dev.lakehouse.local.stack.Replays;
import dev.lakehouse.local.stack.StackConfig;
import dev.lakehouse.local.stack.StackException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code lakehouse replay start | switch}: reprocess history beside the live pipeline, then point dbt at it. */
@Command(name = "replay", mixinStandardHelpOptions = true,
    description = "Reprocess the inputs from their earliest offsets beside the live pipeline, into a namespace of their"
        + " own, then switch dbt to it (docs/operations.md \"Replaying history\").",
    subcommands = {ReplayCommand.Start.class, ReplayCommand.Switch.class})
final class ReplayCommand {

  @Command(name = "start", mixinStandardHelpOptions = true,
      description = "Start replay <id>: its output topics (replay-<id>.*), its connector into namespace"
          + " lakehouse_replay_<id>, and a Streams app under application id <streams.application-id>-replay-<id>"
          + " reading every input from the earliest offset. From then on up, down and ps include it.")
  static final class Start extends LocalStackCli.EnvAware implements Callable<Integer> {
    @Parameters(paramLabel = "<id>", description = "lowercase letters or digits, e.g. 2")
    String id;

    @Override
    public Integer call() {
      StackConfig config = config();
      Replay replay = new Replay(id);
      if (!new ConnectWorkerComponent().isRunning(config)) {
        throw new StackException("Cannot start replay " + id + ": the stack is not running (no Connect worker); "
            + "./lakehouse up first");
      }
      Replays.record(config.layout(), replay);
      new LocalStack(config, Components.replay(config), out()).up();
      out().println("Replay " + id + " reads every input from its earliest offset into " + replay.namespace() + ".* (topics "
          + replay.topicPrefix() + "*, application " + replay.applicationId(config) + ").");
      out().println("Next: ./lakehouse status (its lag)  |  once it caught up: ./lakehouse audit --tables '"
          + replay.namespace() + ".*' --settle 0s  |  then: ./lakehouse replay switch " + id);
      return 0;
    }
  }

  @Command(name = "switch", mixinStandardHelpOptions = true,
      description = "Point dbt's sources at replay <id>'s namespace (only once the last ./lakehouse audit found every"
          + " table of it clean), or back at the live one with 'live'; restarts the dbt scheduler, whose next run"
          + " recreates the staging views and merges the replay's rows into the marts by their keys.")
  static final class Switch extends LocalStackCli.EnvAware implements Callable<Integer> {
    @Parameters(paramLabel = "<id|live>", description = "a started replay's id, or live")
    String target;

    @Override
    public Integer call() {
      StackConfig config = config();
      String namespace = ReplaySwitch.namespaceToRead(config, target);
      DbtComponent dbt = new DbtComponent();
      DbtComponent.switchSource(config, namespace);
      dbt.stop(config);
      if (dbt.skipReason(config).isEmpty()) {
        new LocalStack(config, List.of(dbt), out()).up();
      }
      out().println("dbt reads the sink's tables from " + namespace + " now; the serving views follow at its next run"
          + (namespace.equals(DbtComponent.LIVE_SCHEMA) ? "" : ". Back: ./lakehouse replay switch live"));
      return 0;
    }
  }
}
