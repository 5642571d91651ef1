package dev.lakehouse.maintenance.cli;

import dev.lakehouse.maintenance.config.ConfigException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point: {@code maintenance-job run|health|erase --config maintenance.yaml ...}. */
@Command(
    name = "maintenance-job",
    mixinStandardHelpOptions = true,
    versionProvider = MaintenanceJob.Version.class,
    description = "Engine-free Iceberg table maintenance: compaction, manifest rewrite, snapshot expiry, orphan cleanup; erasure of customers.",
    subcommands = {RunCommand.class, HealthCommand.class, EraseCommand.class})
public final class MaintenanceJob {
  public static final int EXIT_OK = 0;
  public static final int EXIT_TASK_FAILED = 1;
  public static final int EXIT_USAGE = 2;
  public static final int EXIT_ERROR = 3;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  public static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new MaintenanceJob());
    cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
      commandLine.getErr().println(e instanceof ConfigException ? e.getMessage() : "Cannot run maintenance: " + e);
      return e instanceof ConfigException ? EXIT_USAGE : EXIT_ERROR;
    });
    cli.setExitCodeExceptionMapper(e -> EXIT_USAGE);
    return cli;
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = MaintenanceJob.class.getPackage().getImplementationVersion();
      return new String[] {"maintenance-job " + (version == null ? "dev" : version)};
    }
  }
}
