package dev.lakehouse.maintenance.cli;

import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.maintenance.config.ConfigLoader;
import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.maintenance.erasure.CustomerIds;
import dev.lakehouse.maintenance.erasure.ErasedRowsLeft;
import dev.lakehouse.maintenance.erasure.Erasure;
import dev.lakehouse.maintenance.erasure.ErasureRegister;
import dev.lakehouse.maintenance.erasure.ErasureReport;
import dev.lakehouse.maintenance.run.CatalogFactory;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.iceberg.catalog.Catalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code erasures list | check | reapply}: the erasure register, and the erasures it holds applied again. */
@Command(name = "erasures", mixinStandardHelpOptions = true,
    description = "The erasure register (erasure.register): every erasure erase ran, kept so that it can be applied"
        + " again to tables that get the customers' rows back (a replay re-reads them from the input topics, a restore"
        + " from a backup). Customers are named by pseudonym only; the ids stay in the register.",
    subcommands = {ErasuresCommand.ListErasures.class, ErasuresCommand.Check.class, ErasuresCommand.Reapply.class})
final class ErasuresCommand {

  /** The options every verb shares: the config, and the tables it works on. */
  abstract static class Verb implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--config", required = true, description = "YAML config file (keys in README; env MAINTENANCE_* overrides)")
    Path config;

    @Option(names = "--tables", split = ",", paramLabel = "<pattern>",
        description = "override 'erasure.tables', e.g. 'lakehouse_replay_2.*' for a replay's namespace")
    List<String> tables;

    MaintenanceConfig settings() {
      MaintenanceConfig settings = ConfigLoader.load(config, System.getenv());
      return tables == null || tables.isEmpty() ? settings : settings.withErasureTablePatterns(tables);
    }

    PrintWriter out() {
      return spec.commandLine().getOut();
    }
  }

  @Command(name = "list", mixinStandardHelpOptions = true,
      description = "Print every recorded erasure: when, and the customers by pseudonym (never an id).")
  static final class ListErasures extends Verb {
    @Override
    public Integer call() {
      try (ErasureRegister register = ErasureRegister.open(settings())) {
        List<ErasureRegister.Entry> entries = register.entries();
        out().println(entries.size() + " erasures recorded in " + register.location());
        entries.forEach(entry -> out().println(entry.describe()));
      }
      out().flush();
      return ExitCode.OK.code();
    }
  }

  /** A verb on the recorded customers: nothing to do when none is recorded. */
  abstract static class OnRecorded extends Verb {
    @Override
    public Integer call() throws Exception {
      MaintenanceConfig settings = settings();
      Optional<CustomerIds> customers = recorded(settings);
      ExitCode exit = ExitCode.OK;
      if (customers.isPresent()) {
        try (JobCatalog job = new JobCatalog(settings, CatalogFactory.create(settings))) {
          exit = run(settings, job.catalog(), customers.get());
        }
      }
      out().flush();
      return exit.code();
    }

    abstract ExitCode run(MaintenanceConfig settings, Catalog catalog, CustomerIds customers) throws Exception;

    /** The customers of every recorded erasure, or empty (and a line saying so). */
    Optional<CustomerIds> recorded(MaintenanceConfig settings) {
      try (ErasureRegister register = ErasureRegister.open(settings)) {
        Optional<CustomerIds> customers = register.customers();
        if (customers.isEmpty()) {
          out().println("no erasure recorded in " + register.location());
        }
        return customers;
      }
    }
  }

  @Command(name = "check", mixinStandardHelpOptions = true,
      description = "Read-only: which of the tables (erasure.tables, or --tables) hold rows of a customer the register"
          + " records, in their live files (deleted rows included). Exit 1 when one does: run erasures reapply.")
  static final class Check extends OnRecorded {
    @Override
    ExitCode run(MaintenanceConfig settings, Catalog catalog, CustomerIds customers) {
      List<ErasedRowsLeft.Held> held = ErasedRowsLeft.find(catalog, settings.erasureTablePatterns(), customers);
      held.forEach(h -> out().println(h.table() + " holds " + h.rows() + " rows of erased customers"));
      out().println(held.isEmpty() ? "no table holds a row of the " + customers.describe() + " erased before"
          : "Erased customers are back in " + held.size() + " tables: run maintenance-job erasures reapply --tables '"
              + String.join(",", settings.erasureTablePatterns()) + "'");
      return held.isEmpty() ? ExitCode.OK : ExitCode.FAILED;
    }
  }

  @Command(name = "reapply", mixinStandardHelpOptions = true,
      description = "Erase every customer the register records from the tables (erasure.tables, or --tables), as"
          + " erase does (rows, history, files); for a replay's namespace before dbt reads it, or a restored table."
          + " Records nothing new.")
  static final class Reapply extends OnRecorded {
    @Option(names = "--dry-run", description = "change nothing: print per table the rows and files it would remove")
    boolean dryRun;

    @Override
    ExitCode run(MaintenanceConfig settings, Catalog catalog, CustomerIds customers) throws InterruptedException {
      ErasureReport report = new Erasure(settings, Clock.systemUTC(), d -> Thread.sleep(d.toMillis()))
          .erase(catalog, customers, dryRun);
      out().print(report.text());
      return report.complete() ? ExitCode.OK : ExitCode.FAILED;
    }
  }
}
