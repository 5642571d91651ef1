package dev.lakehouse.connect.cli;

import dev.lakehouse.connect.config.ConfigProblem;
import dev.lakehouse.conventions.ExitCode;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "validate", mixinStandardHelpOptions = true,
    description = "Check the connector config with the worker (PUT /connector-plugins/{class}/config/validate) and "
        + "with the sink's own rules (unknown keys, catalog, routing, Iceberg v2 tables); print each invalid key "
        + "or table on stderr.")
final class ValidateCommand implements Callable<Integer> {
  @Mixin WorkerOptions worker;
  @Mixin ConnectorOptions connector;
  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    Map<String, String> config = connector.render(worker.name);
    // the worker resolves ${file:...} while validating: the local credentials file must exist
    connector.prepareLocalSecrets();
    List<ConfigProblem> problems = ConfigValidator.validate(worker.client(), config);
    if (!problems.isEmpty()) {
      ConfigValidator.print(worker.name, problems, spec.commandLine().getErr());
      return ExitCode.INVALID.code();
    }
    spec.commandLine().getOut().println("Config of connector " + worker.name + " (" + connector.environment.id()
        + ") is valid: " + config.size() + " keys");
    return ExitCode.OK.code();
  }
}
