package dev.lakehouse.local.cli;

import dev.lakehouse.local.stack.InvalidInputException;
import dev.lakehouse.local.stack.LocalStack;
import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.local.stack.components.Components;
import dev.lakehouse.local.stack.components.ConnectWorkerComponent;
import dev.lakehouse.local.stack.components.DbtComponent;
import dev.lakehouse.local.stack.config.Replay;
import dev.lakehouse.local.stack.config.Replays;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.replay.ReplayGate;
import dev.lakehouse.local.stack.replay.ReplaySwitch;
import dev.lakehouse.maintenance.replay.ReplayComparison;
import dev.lakehouse.maintenance.report.ReportWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code lakehouse replay start | compare | switch}: reprocess history beside the live pipeline, compare, then point dbt at it. */
@Command(name = "replay", mixinStandardHelpOptions = true,
    description = "Reprocess the inputs from their earliest offsets beside the live pipeline, into a namespace of their"
        + " own, compare its results with the live ones, then switch dbt to it (docs/operations.md \"Replaying history\").",
    subcommands = {ReplayCommand.Start.class, ReplayCommand.Compare.class, ReplayCommand.Switch.class})
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
          + replay.namespace() + ".*' --settle 0s  |  ./lakehouse replay compare " + id + "  |  ./lakehouse replay switch "
          + id);
      return 0;
    }
  }

  @Command(name = "compare", mixinStandardHelpOptions = true,
      description = "Compare replay <id>'s tables with the live ones, read-only: per table the rows by status, error"
          + " class or group and the sums in both, then the business keys only one run holds or holds with other"
          + " values (processing_time aside), the first few with the columns that differ. Only the results of the input"
          + " offsets both runs read and finished are compared (each run's pipeline_ledger says which).")
  static final class Compare extends LocalStackCli.EnvAware implements Callable<Integer> {
    enum Format { table, json }

    @Parameters(paramLabel = "<id>", description = "a started replay's id")
    String id;

    @Option(names = "--format", defaultValue = "table", description = "table or json (default: ${DEFAULT-VALUE})")
    Format format;

    @Mixin ComparisonOptions comparison;

    @Override
    public Integer call() throws Exception {
      StackConfig config = config();
      Replay replay = new Replay(id);
      if (!Replays.started(config.layout()).contains(replay)) {
        throw new InvalidInputException("Cannot compare replay " + id + ": no such replay in this stack (started: "
            + Replays.started(config.layout()).stream().map(Replay::id).toList() + ")");
      }
      try (ReplayGate gate = ReplayGate.open(config)) {
        ReplayComparison result = gate.compare(replay, comparison.settle, comparison.finalAfter.get());
        spec.commandLine().getOut().print(format == Format.json ? ReportWriter.json(result) + "\n" : result.text());
        spec.commandLine().getOut().flush();
        return result.same() ? 0 : 1;
      }
    }
  }

  @Command(name = "switch", mixinStandardHelpOptions = true,
      description = "Point dbt's sources at replay <id>'s namespace, or back at the live one with 'live'; restarts the dbt"
          + " scheduler, whose next run recreates the staging views and merges the replay's rows into the marts by their"
          + " keys. A replay only once the last ./lakehouse audit found every table of it clean; then every erasure of"
          + " the erasure register is applied to it again (it re-read the customers from the input topics) and it must"
          + " hold none of them; then it is compared with the live tables (as replay compare) and must be the same,"
          + " unless --accept-differences says why not.")
  static final class Switch extends LocalStackCli.EnvAware implements Callable<Integer> {
    @Parameters(paramLabel = "<id|live>", description = "a started replay's id, or live")
    String target;

    @Option(names = "--accept-differences", paramLabel = "<reason>",
        description = "switch although the replay's results differ from the live ones, because the new logic is meant"
            + " to change them; the reason is recorded with the differing tables in <data-dir>/config/replay-switches.jsonl")
    String acceptDifferences;

    @Mixin ComparisonOptions comparison;

    @Override
    public Integer call() throws Exception {
      StackConfig config = config();
      String namespace = ReplaySwitch.decide(config, target, acceptDifferences, comparison.settle,
          comparison.finalAfter.get(), out()).namespace();
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
