package dev.lakehouse.maintenance.cli;

import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.maintenance.config.ConfigException;
import dev.lakehouse.maintenance.evolution.PartitionEvolution;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.NoSuchTableException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code partition-spec}: print a table's partition spec, or change it in place while writers keep writing. */
@Command(name = "partition-spec", mixinStandardHelpOptions = true,
    description = {"Print a table's partition spec, or with --set change it in place (partition evolution: metadata "
        + "only; files already written keep their spec, new files use the new one, the next maintenance run rewrites "
        + "the old files into it). The sink's partition-by syntax: column, years|months|days|hours(column), "
        + "bucket(column, n), truncate(column, n)."})
final class PartitionSpecCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--config", required = true, description = "YAML config file (its catalog is used)")
  Path config;

  @Option(names = "--table", required = true, paramLabel = "<namespace.table>", description = "the table")
  String table;

  @Option(names = "--set", paramLabel = "<terms>", description = "the new spec, e.g. \"days(event_time), bucket(merchant_id, 16)\"")
  String newSpec;

  @Option(names = "--dry-run", description = "print what --set would change, change nothing")
  boolean dryRun;

  @Override
  public Integer call() throws Exception {
    try (JobCatalog job = JobCatalog.open(config, null)) {
      Table loaded;
      try {
        loaded = job.catalog().loadTable(TableIdentifier.parse(table));
      } catch (NoSuchTableException e) {
        throw new ConfigException("Cannot change the partition spec of " + table + ": no such table in the catalog");
      }
      PrintWriter out = spec.commandLine().getOut();
      if (newSpec == null) {
        out.printf("%s: spec %d: %s%n", table, loaded.spec().specId(), String.join(", ", PartitionEvolution.current(loaded)));
      } else {
        PartitionEvolution.Result result = PartitionEvolution.apply(table, loaded, newSpec, dryRun);
        out.printf("%s: %s%n", table, !result.changed() ? "already partitioned by " + String.join(", ", result.before())
            : (dryRun ? "would change " : "changed ") + String.join(", ", result.before()) + " -> "
                + String.join(", ", result.after()) + (dryRun ? "" : " (spec " + result.specId() + ")"));
      }
      out.flush();
      return ExitCode.OK.code();
    }
  }
}
