package dev.lakehouse.connect.cli;

import dev.lakehouse.conventions.ExitCode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "delete", mixinStandardHelpOptions = true,
    description = "Delete the connector (tables, topics and committed data stay). Deleting a missing connector succeeds.")
final class DeleteCommand implements Callable<Integer> {
  @Mixin WorkerOptions worker;
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    boolean deleted = worker.client().delete(worker.name);
    spec.commandLine().getOut().println("connector " + worker.name + ": "
        + (deleted ? "deleted" : "does not exist, nothing to delete") + " at " + worker.connectUrl);
    return ExitCode.OK.code();
  }
}
