package dev.lakehouse.maintenance.cli;

import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.maintenance.config.ConfigLoader;
import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.maintenance.erasure.CustomerIds;
import dev.lakehouse.maintenance.erasure.Erasure;
import dev.lakehouse.maintenance.erasure.ErasureRegister;
import dev.lakehouse.maintenance.erasure.ErasureReport;
import dev.lakehouse.maintenance.run.CatalogFactory;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.iceberg.catalog.Catalog;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code erase}: remove every row of the given customers from the landed tables and the marts, bytes included. */
@Command(name = "erase", mixinStandardHelpOptions = true,
    description = "Remove every row of the given customers from the selected tables (erasure.tables): rewrite the"
        + " files that hold them, expire every snapshot before that commit so the old files are deleted, delete"
        + " unreferenced files that hold them. Prints what it did per table; never prints an id (customers are"
        + " named by the first 12 hex digits of the SHA-256 of their id). Records each erasure first in the erasure"
        + " register (erasure.register), so that 'erasures reapply' can apply it again to a replay or a restore.")
final class EraseCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--config", required = true, description = "YAML config file (keys in README; env MAINTENANCE_* overrides)")
  Path config;

  @Option(names = "--customer-id", paramLabel = "<id>",
      description = "a customer to erase (repeatable); an id on the command line stays in the shell history and the"
          + " process list, so prefer --customer-ids-file")
  List<String> customerIds = new ArrayList<>();

  @Option(names = "--customer-ids-file", paramLabel = "<file>",
      description = "a file with one customer id per line ('-': standard input)")
  String customerIdsFile;

  @Option(names = "--tables", split = ",", paramLabel = "<pattern>",
      description = "override 'erasure.tables', e.g. lakehouse.*,analytics.* (searched in this order)")
  List<String> tables;

  @Option(names = "--dry-run", description = "change nothing: print per table the rows and files it would remove")
  boolean dryRun;

  @Override
  public Integer call() throws Exception {
    CustomerIds customers;
    try {
      customers = CustomerIds.of(ids());
    } catch (IOException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), "Cannot read customer ids from "
          + customerIdsFile + ": " + e);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage()
          + " (use --customer-id <id> or --customer-ids-file <file>)");
    }
    MaintenanceConfig settings = ConfigLoader.load(config, System.getenv());
    if (tables != null && !tables.isEmpty()) {
      settings = settings.withErasureTablePatterns(tables);
    }
    Catalog catalog = CatalogFactory.create(settings);
    try {
      ExitCode recording = dryRun ? ExitCode.OK : record(settings, customers);
      if (recording != ExitCode.OK) {
        return recording.code();
      }
      ErasureReport report = new Erasure(settings, Clock.systemUTC(), d -> Thread.sleep(d.toMillis()))
          .erase(catalog, customers, dryRun);
      spec.commandLine().getOut().print(report.text());
      spec.commandLine().getOut().flush();
      return (report.complete() ? ExitCode.OK : ExitCode.FAILED).code();
    } finally {
      if (catalog instanceof AutoCloseable closeable) {
        closeable.close();
      }
    }
  }

  /** Records the erasure before it starts (a replay or a restore re-applies it: {@code erasures reapply}). */
  private ExitCode record(MaintenanceConfig settings, CustomerIds customers) {
    String location = settings.erasureRegister();
    try (ErasureRegister register = ErasureRegister.open(settings)) {
      register.record(customers, Instant.now());
      spec.commandLine().getOut().println("recorded in the erasure register " + register.location()
          + " (maintenance-job erasures reapply applies it again to a replay or a restored table)");
      return ExitCode.OK;
    } catch (RuntimeException e) {
      spec.commandLine().getErr().println("Cannot record the erasure of " + customers.describe() + " in the erasure"
          + " register " + location + ": " + customers.redact(CatalogFactory.rootMessage(e))
          + "; nothing was erased. Check that this role may write there (deploy/iam/maintenance-erasure.json) or set "
          + MaintenanceConfig.ERASURE_REGISTER);
      return ExitCode.ofFailure(e);
    }
  }

  private List<String> ids() throws IOException {
    List<String> ids = new ArrayList<>(customerIds);
    if (customerIdsFile != null) {
      List<String> lines;
      if (customerIdsFile.equals("-")) {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        lines = in.lines().toList();
      } else {
        lines = Files.readAllLines(Path.of(customerIdsFile), StandardCharsets.UTF_8);
      }
      lines.stream().filter(line -> !line.isBlank()).forEach(ids::add);
    }
    return ids;
  }
}
