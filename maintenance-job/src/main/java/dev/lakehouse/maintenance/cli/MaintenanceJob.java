package dev.lakehouse.maintenance.cli;

import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.maintenance.config.ConfigException;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** Entry point: {@code maintenance-job run|health|erase|erasures|audit|compare|partition-spec --config maintenance.yaml ...}. */
@Command(
    name = "maintenance-job",
    mixinStandardHelpOptions = true,
    versionProvider = MaintenanceJob.Version.class,
    description = "Engine-free Iceberg table maintenance: compaction, manifest rewrite, snapshot expiry, orphan cleanup;"
        + " erasure of customers and its register; an exactly-once audit; a replay compared with the live tables;"
        + " partition evolution.",
    subcommands = {RunCommand.class, HealthCommand.class, EraseCommand.class, ErasuresCommand.class, AuditCommand.class,
        CompareCommand.class, PartitionSpecCommand.class})
public final class MaintenanceJob {
  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  public static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new MaintenanceJob());
    cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      ExitCode exit = exitCodeOf(e);
      commandLine.getErr().println(e instanceof ConfigException ? e.getMessage() : "Cannot run maintenance: " + e);
      return exit.code();
    });
    ExitCode.describeIn(cli, Map.of(
        ExitCode.OK, "every selected table was maintained or skipped (held by another run)",
        ExitCode.FAILED, "a task failed on at least one table (the report names the task, table and reason)",
        ExitCode.UNREACHABLE, "the catalog or the object store did not answer"));
    ExitCode.describeIn(cli.getSubcommands().get("erase"), Map.of(
        ExitCode.OK, "no selected table row and no file under the tables holds the customers' rows",
        ExitCode.FAILED, "some table may still hold the rows (held by another run, or see its errors): run again",
        ExitCode.UNREACHABLE, "the catalog or the object store did not answer"));
    CommandLine erasures = cli.getSubcommands().get("erasures");
    ExitCode.describeIn(erasures, Map.of(
        ExitCode.OK, "check: no selected table holds a row of a recorded customer; reapply: none holds one any more",
        ExitCode.FAILED, "check: a table holds rows of erased customers (run erasures reapply); reapply: some table may"
            + " still hold them (held by another run, or see its errors): run again",
        ExitCode.UNREACHABLE, "the catalog or the object store did not answer"));
    ExitCode.describeIn(cli.getSubcommands().get("compare"), Map.of(
        ExitCode.OK, "the replay's results equal the live ones on every table (inside the cut)",
        ExitCode.FAILED, "they differ: the output names the tables, counts and keys",
        ExitCode.UNREACHABLE, "the catalog or the object store did not answer"));
    ExitCode.describeIn(cli.getSubcommands().get("audit"), Map.of(
        ExitCode.OK, "no selected table has a data file registered twice or a result key held by two rows",
        ExitCode.FAILED, "a break was found: the output names the table, the file or the key",
        ExitCode.UNREACHABLE, "the catalog or the object store did not answer"));
    ExitCode.describeIn(cli.getSubcommands().get("partition-spec"), Map.of(
        ExitCode.OK, "the table's spec is printed, or is now the one given",
        ExitCode.FAILED, "the catalog refused the change (e.g. a concurrent spec change): run again",
        ExitCode.UNREACHABLE, "the catalog or the object store did not answer"));
    return cli;
  }

  /** A catalog that does not answer is the environment's fault even when it surfaces as a config error. */
  static ExitCode exitCodeOf(Exception e) {
    if (ExitCode.ofFailure(e) == ExitCode.UNREACHABLE) {
      return ExitCode.UNREACHABLE;
    }
    return e instanceof ConfigException ? ExitCode.INVALID : ExitCode.FAILED;
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = MaintenanceJob.class.getPackage().getImplementationVersion();
      return new String[] {"maintenance-job " + (version == null ? "dev" : version)};
    }
  }
}
