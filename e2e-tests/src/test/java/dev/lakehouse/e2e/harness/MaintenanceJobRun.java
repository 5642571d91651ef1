package dev.lakehouse.e2e.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.local.stack.components.MaintenanceComponent;
import dev.lakehouse.local.stack.config.MaintenanceConfigFile;
import dev.lakehouse.local.stack.config.ModuleJars;
import dev.lakehouse.testkit.ChildProcess;
import dev.lakehouse.testkit.JavaCommand;
import dev.lakehouse.testkit.RepoDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One {@code maintenance-job run --once} (or another subcommand) as a scheduler or an operator runs it: the packaged CLI in its own JVM, a
 * config file, and settings overridden only through {@code MAINTENANCE_*} environment variables, as
 * an operator would; its report goes to JSON in the run's folder.
 */
public final class MaintenanceJobRun {
  private static final Duration TIMEOUT = Duration.ofMinutes(3);

  public record Result(int exitCode, String log, JsonNode report) {
    /** The report entry of one table, e.g. {@code lakehouse.orders_enriched}. */
    public JsonNode table(String name) {
      for (JsonNode table : report.path("tables")) {
        if (table.path("table").asText().equals(name)) {
          return table;
        }
      }
      throw new AssertionError("Cannot find table " + name + " in the maintenance report:\n" + report.toPrettyString());
    }
  }

  private MaintenanceJobRun() {}

  /** A run with the config the local stack writes for its catalog. */
  public static Result onStack(PipelineStack stack, Map<String, String> env, String... args) throws Exception {
    return once(MaintenanceConfigFile.write(stack.config()), stack.config().dataDir(), env, args);
  }

  /**
   * @param workDir the run gets a folder of its own under it: log and report
   * @param env environment overrides, e.g. {@code MAINTENANCE_EXPIRY_MIN_SNAPSHOTS}
   */
  public static Result once(Path config, Path workDir, Map<String, String> env, String... args) throws Exception {
    List<String> options = new ArrayList<>(List.of("--once"));
    options.addAll(List.of(args));
    return start("run", config, workDir, env, options);
  }

  /** {@code erase} with the config the local stack writes; its printed report is the result's log (no JSON). */
  public static Result erase(PipelineStack stack, String... args) throws Exception {
    return command(stack, "erase", args);
  }

  /** Any other subcommand ({@code partition-spec}, {@code audit}) with the stack's config; its output is the result's log. */
  public static Result command(PipelineStack stack, String subcommand, String... args) throws Exception {
    return start(subcommand, MaintenanceConfigFile.write(stack.config()), stack.config().dataDir(), Map.of(), List.of(args));
  }

  /** Any subcommand with a config file of its own, e.g. {@code audit} with the shipped Glue config. */
  public static Result command(String subcommand, Path config, Path workDir, Map<String, String> env, String... args)
      throws Exception {
    return start(subcommand, config, workDir, env, List.of(args));
  }

  private static Result start(String subcommand, Path config, Path workDir, Map<String, String> env, List<String> options)
      throws Exception {
    Path runDir = Files.createDirectories(workDir.resolve("maintenance-" + subcommand + "-" + System.currentTimeMillis()));
    Path report = runDir.resolve("report.json");
    Map<String, String> environment = new HashMap<>(env);
    environment.put("MAINTENANCE_REPORT_JSON_FILE", report.toString());
    environment.put("MAINTENANCE_REPORT_PROMETHEUS_FILE", runDir.resolve("maintenance.prom").toString());
    List<String> arguments = new ArrayList<>(List.of(subcommand, "--config", config.toString()));
    arguments.addAll(options);
    JavaCommand command = new JavaCommand(
        ModuleJars.classpath(RepoDir.get(), MaintenanceComponent.MODULE, "the maintenance job"), MaintenanceComponent.MAIN_CLASS)
        .heap("512m").jvmOptions(JavaCommand.QUICK_START).simpleLogging("org.apache.iceberg", "org.apache.hadoop")
        .args(arguments);
    try (ChildProcess job = command.start(runDir.resolve("maintenance-job.log"), environment)) {
      int exit = job.waitFor(TIMEOUT);
      JsonNode json = Files.exists(report) ? new ObjectMapper().readTree(report.toFile()) : null;
      return new Result(exit, job.log(), json);
    }
  }
}
