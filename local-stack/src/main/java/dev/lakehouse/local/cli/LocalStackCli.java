package dev.lakehouse.local.cli;

import dev.lakehouse.conventions.DurationConverter;
import dev.lakehouse.conventions.DurationFormat;
import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.local.faults.Fault;
import dev.lakehouse.local.faults.FaultPlan;
import dev.lakehouse.local.faults.FaultRunner;
import dev.lakehouse.local.stack.Component;
import dev.lakehouse.local.stack.InvalidInputException;
import dev.lakehouse.local.stack.LocalStack;
import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.local.stack.components.Components;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.status.StackStatus;
import dev.lakehouse.local.status.StatusCollector;
import dev.lakehouse.local.status.StatusPrinter;
import dev.lakehouse.local.status.StatusTargets;
import dev.lakehouse.local.status.TextTable;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code lakehouse up | down | status | ps | settings | log-path}: the local stack from the command line. */
@Command(name = "lakehouse", mixinStandardHelpOptions = true, version = "lakehouse local stack 0.1.0",
    description = "Runs the whole pipeline on this machine: Kafka, S3 server, catalog, Connect, Streams app, Trino,"
        + " maintenance, event generator.",
    subcommands = {LocalStackCli.Up.class, LocalStackCli.Down.class, LocalStackCli.Status.class, LocalStackCli.Ps.class,
        LocalStackCli.Settings.class, LocalStackCli.LogPath.class, LocalStackCli.Faults.class, ReplayCommand.class},
    footer = {"", "Settings: lakehouse.properties at the repository root, LAKEHOUSE_* environment variables,"
        + " then options; see local-stack/README.md."})
public final class LocalStackCli {

  public static void main(String[] args) {
    // the admin client retries loudly while a broker is down; the CLI reports that itself
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel",
        System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "error"));
    System.exit(commandLine(System.getenv()).execute(args));
  }

  public static CommandLine commandLine(Map<String, String> env) {
    CommandLine cli = new CommandLine(new LocalStackCli(), new EnvFactory(env));
    cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      if (e instanceof StackException) {
        commandLine.getErr().println(e.getMessage());
        return (e instanceof InvalidInputException ? ExitCode.INVALID : ExitCode.FAILED).code();
      }
      commandLine.getErr().println("Cannot run lakehouse " + String.join(" ", parseResult.originalArgs()) + ": " + e);
      e.printStackTrace(commandLine.getErr());
      return ExitCode.ofFailure(e).code();
    });
    ExitCode.describeIn(cli, Map.of(ExitCode.FAILED, "the stack could not do it: a component did not start or stop"));
    CommandLine replay = cli.getSubcommands().get("replay");
    ExitCode.describeIn(replay.getSubcommands().get("compare"), Map.of(ExitCode.OK, "the replay's results equal the live ones",
        ExitCode.FAILED, "they differ: the output names the tables, counts and keys"));
    ExitCode.describeIn(replay.getSubcommands().get("switch"), Map.of(ExitCode.FAILED, "the switch was refused (the last"
        + " audit, an erased customer left in the replay, or a difference from live without --accept-differences: the"
        + " message says which) or dbt did not restart"));
    return cli;
  }

  /** Lets tests pass an environment instead of the process's own. */
  private record EnvFactory(Map<String, String> env) implements CommandLine.IFactory {
    @Override
    public <K> K create(Class<K> cls) throws Exception {
      if (EnvAware.class.isAssignableFrom(cls)) {
        K command = CommandLine.defaultFactory().create(cls);
        ((EnvAware) command).env(env);
        return command;
      }
      return CommandLine.defaultFactory().create(cls);
    }
  }

  abstract static class EnvAware {
    @Mixin StackOptions options;
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;
    private Map<String, String> env = Map.of();

    void env(Map<String, String> env) {
      this.env = env;
    }

    StackConfig config() {
      return options.load(env);
    }

    /** Progress lines go straight to stdout, unbuffered, as they happen. */
    PrintStream out() {
      return System.out;
    }
  }

  @Command(name = "up", mixinStandardHelpOptions = true,
      description = "Start every component that is not running yet, in order, waiting until each is ready.")
  static final class Up extends EnvAware implements Callable<Integer> {
    @Override
    public Integer call() {
      LocalStack.standard(config(), out()).up();
      out().println("Next: ./lakehouse status  |  ./lakehouse sql \"show tables\"  |  ./lakehouse down (keeps the data)");
      return 0;
    }
  }

  @Command(name = "down", mixinStandardHelpOptions = true,
      description = "Stop every component in reverse order (SIGTERM, then SIGKILL after stop.timeout-seconds); keeps all data.")
  static final class Down extends EnvAware implements Callable<Integer> {
    @Override
    public Integer call() {
      LocalStack.standard(config(), out()).down();
      return 0;
    }
  }

  @Command(name = "status", mixinStandardHelpOptions = true,
      description = "The Trino URL; per stage: committed records in and out, late, dead-lettered, consumer lag,"
          + " connector state, last Iceberg commit and its age, table health.")
  static final class Status extends EnvAware implements Callable<Integer> {
    @Option(names = "--json", description = "Print JSON instead of tables")
    boolean json;

    @Override
    public Integer call() {
      StackStatus status = new StatusCollector(StatusTargets.of(config()), Clock.systemUTC()).collect();
      spec.commandLine().getOut().print(json ? StatusPrinter.json(status) : StatusPrinter.text(status));
      spec.commandLine().getOut().flush();
      return 0;
    }
  }

  @Command(name = "faults", mixinStandardHelpOptions = true,
      description = "Run a seeded fault schedule against the running stack: kill -9 of Streams instances and Connect"
          + " workers (each started again 3 s later), rolling restarts, a Streams instance stopped for 20 s and"
          + " started again, maintenance runs, restarts of the broker process. Prints each fault as it happens.")
  static final class Faults extends EnvAware implements Callable<Integer> {
    @Option(names = "--seed", defaultValue = "1", description = "Same seed, same schedule. Default: ${DEFAULT-VALUE}")
    long seed;

    @Option(names = "--streams-kills", defaultValue = "1", description = "Default: ${DEFAULT-VALUE}")
    int streamsKills;

    @Option(names = "--connect-kills", defaultValue = "1", description = "Default: ${DEFAULT-VALUE}")
    int connectKills;

    @Option(names = "--rolling-restarts", defaultValue = "0",
        description = "Alternately of the Streams instances and the Connect workers. Default: ${DEFAULT-VALUE}")
    int rollingRestarts;

    @Option(names = "--scale-downs", defaultValue = "0",
        description = "Needs streams.instances >= 2. Default: ${DEFAULT-VALUE}")
    int scaleDowns;

    @Option(names = "--maintenance-runs", defaultValue = "0", description = "Default: ${DEFAULT-VALUE}")
    int maintenanceRuns;

    @Option(names = "--broker-restarts", defaultValue = "0", description = "Default: ${DEFAULT-VALUE}")
    int brokerRestarts;

    @Option(names = "--min-pause", defaultValue = "10s", converter = DurationConverter.class,
        description = "Shortest pause before a fault. Default: ${DEFAULT-VALUE}")
    Duration minPause;

    @Option(names = "--max-pause", defaultValue = "30s", converter = DurationConverter.class,
        description = "Longest pause before a fault. Default: ${DEFAULT-VALUE}")
    Duration maxPause;

    @Option(names = "--dry-run", description = "Print the schedule and do nothing")
    boolean dryRun;

    @Override
    public Integer call() throws InterruptedException {
      StackConfig config = config();
      List<Fault> faults;
      try {
        faults = FaultPlan.seeded(seed, new FaultPlan.Counts(streamsKills, connectKills, rollingRestarts, scaleDowns,
            maintenanceRuns, brokerRestarts), config.streamsInstances(), config.connectWorkers(), minPause, maxPause);
      } catch (IllegalArgumentException e) {
        throw new InvalidInputException(e.getMessage());
      }
      PrintStream out = out();
      faults.forEach(f -> out.printf("after %s: %s%n", DurationFormat.format(f.pauseBefore()), f.describe()));
      if (!dryRun) {
        new FaultRunner(config, LocalStack.standard(config, out).components(), out).run(faults);
        out.println("All " + faults.size() + " faults applied; check the pipeline: ./lakehouse status, ./lakehouse audit");
      }
      return 0;
    }
  }

  @Command(name = "ps", mixinStandardHelpOptions = true, description = "Which components are running.")
  static final class Ps extends EnvAware implements Callable<Integer> {
    @Override
    public Integer call() {
      StackConfig config = config();
      TextTable table = new TextTable("component", "state", "log");
      LocalStack.standard(config, out()).states()
          .forEach(s -> table.row(s.name(), s.state(), config.layout().logFile(s.name())));
      spec.commandLine().getOut().print(table.render(""));
      spec.commandLine().getOut().flush();
      return 0;
    }
  }

  @Command(name = "settings", mixinStandardHelpOptions = true,
      description = "Print every setting with its resolved value and environment variable.")
  static final class Settings extends EnvAware implements Callable<Integer> {
    @Option(names = "--get", paramLabel = "<key>", description = "Print only this setting's value (for scripts)")
    String key;

    @Override
    public Integer call() {
      if (key != null) {
        Setting setting = Setting.byKey(key).orElseThrow(() -> new InvalidInputException(
            "Cannot print setting '" + key + "': no such setting; ./lakehouse settings lists them"));
        StackConfig config = config();
        spec.commandLine().getOut().println(setting == Setting.DATA_DIR ? config.dataDir() : config.values().get(setting));
        spec.commandLine().getOut().flush();
        return 0;
      }
      TextTable table = new TextTable("key", "value", "environment variable");
      config().values().forEach((setting, value) -> table.row(setting.key(), value.isEmpty() ? "\"\"" : value, setting.envName()));
      spec.commandLine().getOut().print(table.render(""));
      spec.commandLine().getOut().flush();
      return 0;
    }
  }

  @Command(name = "log-path", mixinStandardHelpOptions = true, description = "Print the log file of a component.")
  static final class LogPath extends EnvAware implements Callable<Integer> {
    @Parameters(paramLabel = "<component>",
        description = "services, connect (connect-2 ...), connector, streams (streams-2 ...), trino, dbt, dashboard, "
            + "maintenance, generator; a replay's connector-replay-<id> and streams-replay-<id>")
    String component;

    @Override
    public Integer call() {
      StackConfig config = config();
      List<String> names = Components.standard(config, "").stream().map(Component::name).toList();
      if (!names.contains(component)) {
        throw new InvalidInputException("Cannot show the log of '" + component + "': no such component; choose one of " + names);
      }
      spec.commandLine().getOut().println(config.layout().logFile(component));
      spec.commandLine().getOut().flush();
      return 0;
    }
  }
}
