package dev.lakehouse.connect.cli;

import dev.lakehouse.connect.config.ConfigException;
import dev.lakehouse.connect.rest.ConnectRequestException;
import dev.lakehouse.connect.rest.ConnectUnreachableException;
import dev.lakehouse.conventions.ExitCode;
import picocli.CommandLine;

/** Runtime failures of any verb: one line on stderr, and an exit code by kind. */
final class CliErrors implements CommandLine.IExecutionExceptionHandler {
  @Override
  public int handleExecutionException(Exception e, CommandLine command, CommandLine.ParseResult parseResult) {
    if (e instanceof ConnectUnreachableException || e instanceof MissingPluginException) {
      command.getErr().println(e.getMessage());
      return ExitCode.UNREACHABLE.code();
    }
    if (e instanceof ConfigException) {
      command.getErr().println(e.getMessage());
      return ExitCode.INVALID.code();
    }
    if (e instanceof ConnectRequestException || e instanceof IllegalArgumentException || e instanceof IllegalStateException) {
      command.getErr().println(e.getMessage());
      return ExitCode.FAILED.code();
    }
    command.getErr().println("Cannot run " + command.getCommandName() + ": " + e);
    e.printStackTrace(command.getErr());
    return ExitCode.ofFailure(e).code();
  }
}
