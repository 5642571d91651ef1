package dev.lakehouse.e2e.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.local.stack.MaintenanceComponent;
import dev.lakehouse.local.stack.MaintenanceConfigFile;
import dev.lakehouse.local.stack.ModuleJars;
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
 * One {@code maintenance-job run --once} as a scheduler runs it: the packaged CLI in its own JVM, a
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
    Path runDir = Files.createDirectories(workDir.resolve("maintenance-" + System.currentTimeMillis()));
    Path report = runDir.resolve("report.json");
    Map<String, String> environment = new HashMap<>(env);
    environment.put("MAINTENANCE_REPORT_JSON_FILE", report.toString());
    environment.put("MAINTENANCE_REPORT_PROMETHEUS_FILE", runDir.resolve("maintenance.prom").toString());
    List<String> arguments = new ArrayList<>(List.of("run", "--config", config.toString(), "--once"));
    arguments.addAll(List.of(args));
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
