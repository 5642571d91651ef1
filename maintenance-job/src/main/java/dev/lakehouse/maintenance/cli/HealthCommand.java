package dev.lakehouse.maintenance.cli;

import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.maintenance.report.ReportWriter;
import dev.lakehouse.maintenance.run.MaintenanceHealth;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code health}: score each selected table without changing anything. */
@Command(name = "health", mixinStandardHelpOptions = true,
    description = "Print a 0-100 health score per table (small files, manifests, snapshots); read-only.")
final class HealthCommand implements Callable<Integer> {
  enum Format { table, json }

  @Spec CommandSpec spec;

  @Option(names = "--config", required = true, description = "YAML config file")
  Path config;

  @Option(names = "--tables", split = ",", paramLabel = "<pattern>", description = "override 'tables'")
  List<String> tables;

  @Option(names = "--format", defaultValue = "table", description = "table or json (default: ${DEFAULT-VALUE})")
  Format format;

  @Override
  public Integer call() throws Exception {
    try (JobCatalog job = JobCatalog.open(config, tables)) {
      List<MaintenanceHealth.TableHealth> health = MaintenanceHealth.check(job.catalog(), job.settings(), Clock.systemUTC());
      spec.commandLine().getOut().print(format == Format.json ? ReportWriter.json(health) + "\n" : MaintenanceHealth.text(health));
      spec.commandLine().getOut().flush();
      return ExitCode.OK.code();
    }
  }
}
