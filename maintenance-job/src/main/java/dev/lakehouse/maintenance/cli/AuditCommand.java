package dev.lakehouse.maintenance.cli;

import dev.lakehouse.conventions.DurationConverter;
import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.maintenance.audit.Audit;
import dev.lakehouse.maintenance.audit.SavedAudit;
import dev.lakehouse.maintenance.audit.TableAuditResult;
import dev.lakehouse.maintenance.report.ReportWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code audit}: read each selected table's live snapshot for exactly-once breaks; read-only. */
@Command(name = "audit", mixinStandardHelpOptions = true,
    description = {"Check each table's live snapshot for exactly-once breaks: a data file registered twice, and two live "
        + "rows with the same result key (the input position for rows with lineage, the window for window results), and, "
        + "where the namespace has a pipeline_ledger, rows that do not match its counts per input partition and offsets "
        + "(orders_enriched, late_events, dead_letters) or ledger rows that do not tile their partition's offsets. "
        + "In a replay's namespace (<live>_replay_<id>) each table is also compared with the live one (as compare does;"
        + " it does not change the exit code: a replay of changed logic may differ on purpose). "
        + "Read-only; reads the key columns of every row, so schedule it like a maintenance run, not more often."})
final class AuditCommand implements Callable<Integer> {
  enum Format { table, json, prometheus }

  @Spec CommandSpec spec;

  @Option(names = "--config", required = true, description = "YAML config file (the catalog and 'tables' are used)")
  Path config;

  @Option(names = "--tables", split = ",", paramLabel = "<pattern>", description = "override 'tables'")
  List<String> tables;

  @Option(names = "--format", defaultValue = "table",
      description = "table, json or prometheus (textfile collector) (default: ${DEFAULT-VALUE})")
  Format format;

  @Option(names = "--json", description = "the same as --format json")
  boolean json;

  @Option(names = "--settle", paramLabel = "<duration>", converter = DurationConverter.class, defaultValue = "10m",
      description = "how long after a pipeline_ledger row its records must have landed: a younger row's shortfall is "
          + "pending, an older one's is missing (at least the sink's commit interval plus its usual lag; 0s once the "
          + "inputs stopped and the sink caught up) (default: ${DEFAULT-VALUE})")
  Duration settle;

  @Mixin FinalAfterOption finalAfter;

  @Option(names = "--save", paramLabel = "<file>",
      description = "also write the findings and the time as JSON to this file (the local stack's status shows them)")
  Path save;

  @Override
  public Integer call() throws Exception {
    try (JobCatalog job = JobCatalog.open(config, tables)) {
      List<TableAuditResult> results = Audit.run(job.catalog(), job.settings().tablePatterns(), Instant.now().minus(settle),
          finalAfter.get());
      if (save != null) {
        new SavedAudit(Instant.now().toString(), results).write(save);
      }
      spec.commandLine().getOut().print(switch (json ? Format.json : format) {
        case table -> Audit.text(results);
        case json -> ReportWriter.json(results) + "\n";
        case prometheus -> ReportWriter.prometheus(results);
      });
      spec.commandLine().getOut().flush();
      return results.stream().allMatch(TableAuditResult::clean) ? ExitCode.OK.code() : ExitCode.FAILED.code();
    }
  }
}
