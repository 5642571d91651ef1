package dev.lakehouse.maintenance.cli;

import dev.lakehouse.conventions.DurationConverter;
import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.maintenance.config.ConfigException;
import dev.lakehouse.maintenance.replay.ReplayComparison;
import dev.lakehouse.maintenance.replay.ReplayNamespaces;
import dev.lakehouse.maintenance.report.ReportWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import org.apache.iceberg.catalog.Namespace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code compare}: a replay's landed results against the live run's, before dbt is switched to it; read-only. */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = {"Compare a replay's tables with the live ones (docs/operations.md \"Replaying history\"): per table the"
        + " rows by status, error class or group and the sums, in both; then the business keys held by one run only or"
        + " with other values (processing_time aside), the first few named with the columns that differ. Only the"
        + " results of input offsets both runs read and finished are compared (the pipeline_ledger of each says which)."
        + " Read-only; reads every row of both namespaces."})
final class CompareCommand implements Callable<Integer> {
  enum Format { table, json }

  @Spec CommandSpec spec;

  @Option(names = "--config", required = true, description = "YAML config file (the catalog is used)")
  Path config;

  @Option(names = "--replay", required = true, paramLabel = "<namespace>", description = "the replay's namespace, e.g. lakehouse_replay_2")
  String replay;

  @Option(names = "--live", paramLabel = "<namespace>",
      description = "the namespace it replays (default: read off the replay's name, lakehouse for lakehouse_replay_2)")
  String live;

  @Option(names = "--format", defaultValue = "table", description = "table or json (default: ${DEFAULT-VALUE})")
  Format format;

  @Option(names = "--settle", paramLabel = "<duration>", converter = DurationConverter.class, defaultValue = "10m",
      description = "leave out the ledger rows of either run younger than this: the outputs of their records may still be"
          + " on their way through the sink (0s once the inputs stopped and both sinks caught up) (default: ${DEFAULT-VALUE})")
  Duration settle;

  @Mixin FinalAfterOption finalAfter;

  @Override
  public Integer call() throws Exception {
    Namespace replayNamespace = Namespace.of(replay.split("\\."));
    Namespace liveNamespace = live != null ? Namespace.of(live.split("\\.")) : ReplayNamespaces.liveOf(replayNamespace)
        .orElseThrow(() -> new ConfigException("Cannot tell which namespace " + replay + " replays: its name is not"
            + " <live>_replay_<id>; give it with --live"));
    try (JobCatalog job = JobCatalog.open(config, null)) {
      ReplayComparison comparison = ReplayComparison.compare(job.catalog(), liveNamespace, replayNamespace,
          Instant.now().minus(settle), finalAfter.get());
      spec.commandLine().getOut().print(format == Format.json ? ReportWriter.json(comparison) + "\n" : comparison.text());
      spec.commandLine().getOut().flush();
      return (comparison.same() ? ExitCode.OK : ExitCode.FAILED).code();
    }
  }
}
