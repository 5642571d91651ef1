package dev.lakehouse.connect.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point: {@code connect-config apply|validate|status|delete}. */
@Command(name = "connect-config", mixinStandardHelpOptions = true, version = "connect-config 0.1.0",
    description = "Applies the lakehouse Iceberg sink connector to Kafka Connect over its REST API.",
    subcommands = {ApplyCommand.class, ValidateCommand.class, StatusCommand.class, DeleteCommand.class},
    exitCodeListHeading = "Exit codes:%n",
    exitCodeList = {"0:done", "1:invalid config, failed connector or task, or timeout", "2:bad arguments",
        "3:Kafka Connect unreachable or the sink plugin missing"})
public final class ConnectConfigCli implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The configured command line, for main and for tests that capture its output. */
  public static CommandLine commandLine() {
    return new CommandLine(new ConnectConfigCli()).setExecutionExceptionHandler(new CliErrors());
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "Missing verb: apply, validate, status or delete");
  }
}
