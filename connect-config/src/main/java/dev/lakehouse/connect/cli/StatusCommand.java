package dev.lakehouse.connect.cli;

import dev.lakehouse.connect.rest.ConnectorStatus;
import dev.lakehouse.conventions.ExitCode;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "status", mixinStandardHelpOptions = true,
    description = "Print the connector's and its tasks' states (with the trace of a failed one); exit 0 only when all run.")
final class StatusCommand implements Callable<Integer> {
  @Mixin WorkerOptions worker;
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    Optional<ConnectorStatus> status = worker.client().status(worker.name);
    if (status.isEmpty()) {
      spec.commandLine().getErr().println("Connector " + worker.name + " does not exist at " + worker.connectUrl
          + "; create it with: connect-config apply");
      return ExitCode.FAILED.code();
    }
    boolean healthy = status.get().isRunningWith(status.get().tasks().size()) && !status.get().tasks().isEmpty();
    StatusPrinter.print(status.get(), healthy ? spec.commandLine().getOut() : spec.commandLine().getErr());
    return healthy ? ExitCode.OK.code() : ExitCode.FAILED.code();
  }
}
