package dev.lakehouse.connect.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.connect.config.ConfigProblem;
import dev.lakehouse.connect.config.ConfigProviders;
import dev.lakehouse.connect.kafka.ControlTopic;
import dev.lakehouse.connect.rest.ConnectClient;
import dev.lakehouse.connect.tables.Catalogs;
import dev.lakehouse.connect.tables.TableDefinitions;
import dev.lakehouse.connect.tables.TablePreparer;
import dev.lakehouse.conventions.ExitCode;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "apply", mixinStandardHelpOptions = true,
    description = {"Validate the connector config, create its control topic and Iceberg tables, create or update "
        + "the connector, and wait until it and all its tasks are RUNNING.",
        "Idempotent: an unchanged config is not re-written; existing tables keep their data and spec, gain missing "
        + "columns and take the table properties the config declares."})
final class ApplyCommand implements Callable<Integer> {
  private static final String DEFAULT_CONTROL_TOPIC = "control-iceberg";

  @Mixin WorkerOptions worker;
  @Mixin ConnectorOptions connector;

  @Option(names = "--timeout-seconds", paramLabel = "S", defaultValue = "120",
      description = "How long to wait for RUNNING, and to retry while the worker rebalances (default: ${DEFAULT-VALUE})")
  int timeoutSeconds;

  @Option(names = "--dry-run", description = "Validate and print the rendered config; change nothing")
  boolean dryRun;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Map<String, String> config = connector.render(worker.name);
    connector.prepareLocalSecrets();
    ConnectClient client = worker.client();
    List<ConfigProblem> problems = ConfigValidator.validate(client, config);
    if (!problems.isEmpty()) {
      ConfigValidator.print(worker.name, problems, err);
      return ExitCode.INVALID.code();
    }
    if (dryRun) {
      out.println(prettyJson(config));
      out.println("Config of connector " + worker.name + " is valid; nothing applied (--dry-run)");
      return ExitCode.OK.code();
    }
    Map<String, String> resolved = ConfigProviders.system().resolve(config);
    String controlTopic = config.getOrDefault("iceberg.control.topic", DEFAULT_CONTROL_TOPIC);
    out.println("control topic " + controlTopic + ": " + (ControlTopic.ensure(resolved, controlTopic) ? "created" : "exists"));
    prepareTables(resolved, out);
    Duration timeout = Duration.ofSeconds(timeoutSeconds);
    boolean written = ConfigApplier.apply(client, worker.name, config, timeout);
    out.println("connector " + worker.name + ": " + (written ? "config applied" : "config unchanged") + " at " + client.url());
    out.flush();
    return RunningWaiter.await(client, worker.name, Integer.parseInt(config.getOrDefault("tasks.max", "1")), timeout, out, err);
  }

  private static void prepareTables(Map<String, String> resolved, PrintWriter out) {
    Catalogs.withCatalog(resolved, catalog -> new TablePreparer(catalog).prepare(TableDefinitions.fromConfig(resolved)))
        .forEach(o -> out.println("table " + o));
  }

  private static String prettyJson(Map<String, String> config) {
    try {
      return new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(config);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot print the config as JSON: " + e.getOriginalMessage(), e);
    }
  }
}
