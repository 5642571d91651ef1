package dev.lakehouse.connect.cli;

import dev.lakehouse.conventions.ExitCode;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** Entry point: {@code connect-config apply|validate|status|delete}. */
@Command(name = "connect-config", mixinStandardHelpOptions = true, version = "connect-config 0.1.0",
    description = "Applies the lakehouse Iceberg sink connector to Kafka Connect over its REST API.",
    subcommands = {ApplyCommand.class, ValidateCommand.class, StatusCommand.class, DeleteCommand.class})
public final class ConnectConfigCli implements Runnable {
  /** The connector's name when {@code --name} is not given (the live pipeline's connector). */
  public static final String DEFAULT_CONNECTOR_NAME = "lakehouse-iceberg-sink";

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The configured command line, for main and for tests that capture its output. */
  public static CommandLine commandLine() {
    return ExitCode.describeIn(new CommandLine(new ConnectConfigCli()).setExecutionExceptionHandler(new CliErrors()), Map.of(
        ExitCode.FAILED, "a connector or task failed, or it was not RUNNING in time",
        ExitCode.INVALID, "also a config that Kafka Connect's validation or the sink checks refuse",
        ExitCode.UNREACHABLE, "Kafka Connect unreachable or the sink plugin missing"));
  }

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(), "Missing verb: apply, validate, status or delete");
  }
}
