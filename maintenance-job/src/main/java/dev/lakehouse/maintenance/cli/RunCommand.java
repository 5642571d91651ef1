package dev.lakehouse.maintenance.cli;

import dev.lakehouse.conventions.DurationConverter;
import dev.lakehouse.conventions.DurationFormat;
import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.maintenance.config.ConfigLoader;
import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.maintenance.report.ReportDelivery;
import dev.lakehouse.maintenance.report.RunReport;
import dev.lakehouse.maintenance.run.CatalogFactory;
import dev.lakehouse.maintenance.run.MaintenanceRun;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.iceberg.catalog.Catalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code run}: maintain the selected tables once or on an interval. */
@Command(name = "run", mixinStandardHelpOptions = true,
    description = "Compact, rewrite manifests, expire snapshots and delete orphans on the selected tables.")
final class RunCommand implements Callable<Integer> {
  /** How long a stop signal waits for the group being committed before the JVM exits. */
  private static final Duration STOP_GRACE = Duration.ofSeconds(60);

  @Spec CommandSpec spec;

  @Option(names = "--config", required = true, description = "YAML config file (keys in README; env MAINTENANCE_* overrides)")
  Path config;

  @Option(names = "--once", description = "run once and exit (the default)")
  boolean once;

  @Option(names = "--every", paramLabel = "<interval>", converter = DurationConverter.class,
      description = "run repeatedly, e.g. 10m, until stopped")
  Duration every;

  @Option(names = "--tables", split = ",", paramLabel = "<pattern>", description = "override 'tables', e.g. lakehouse.*")
  List<String> tables;

  @Option(names = "--dry-run", description = "change nothing: print the compaction plan and the snapshots and files that would go")
  boolean dryRun;

  @Override
  public Integer call() throws Exception {
    if (once && every != null) {
      throw new CommandLine.ParameterException(spec.commandLine(), "Cannot use --once together with --every: choose one");
    }
    if (every != null && every.isZero()) {
      throw new CommandLine.ParameterException(spec.commandLine(), "Cannot run --every 0: give an interval like 10m");
    }
    MaintenanceConfig settings = ConfigLoader.load(config, System.getenv());
    if (tables != null && !tables.isEmpty()) {
      settings = settings.withTablePatterns(tables);
    }
    PrintWriter out = spec.commandLine().getOut();
    AtomicBoolean stop = new AtomicBoolean();
    CountDownLatch finished = new CountDownLatch(1);
    Thread hook = new Thread(() -> {
      stop.set(true);
      try {
        finished.await(STOP_GRACE.toSeconds(), TimeUnit.SECONDS);
      } catch (InterruptedException ignored) {
        Thread.currentThread().interrupt();
      }
    }, "maintenance-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    Catalog catalog = CatalogFactory.create(settings);
    ReportDelivery delivery = ReportDelivery.of(settings);
    try {
      MaintenanceRun run = new MaintenanceRun(settings, Clock.systemUTC(), stop::get);
      while (true) {
        long started = System.nanoTime();
        RunReport report;
        try {
          report = run.run(catalog, dryRun);
        } catch (RuntimeException e) {
          if (every == null || e instanceof dev.lakehouse.maintenance.config.ConfigException) {
            throw e;
          }
          // on a schedule, one failed pass (catalog briefly unreachable) must not end the job
          spec.commandLine().getErr().println("Cannot complete this maintenance run, retrying in "
              + DurationFormat.format(every) + ": " + e);
          report = null;
        }
        if (report != null) {
          delivery.deliver(report, out, spec.commandLine().getErr());
        }
        boolean failed = report == null || report.failed();
        if (every == null || stop.get()) {
          return (failed ? ExitCode.FAILED : ExitCode.OK).code();
        }
        long waitMs = every.toMillis() - (System.nanoTime() - started) / 1_000_000;
        long until = System.currentTimeMillis() + Math.max(0, waitMs);
        while (!stop.get() && System.currentTimeMillis() < until) {
          Thread.sleep(Math.min(1000, Math.max(1, until - System.currentTimeMillis())));
        }
        if (stop.get()) {
          return (failed ? ExitCode.FAILED : ExitCode.OK).code();
        }
      }
    } finally {
      finished.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running: it only waits for the latch released above
      }
      if (catalog instanceof AutoCloseable closeable) {
        closeable.close();
      }
    }
  }
}
