package dev.lakehouse.e2e.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * One {@code maintenance-job run --once} through its CLI entry point, in its own JVM from the
 * packaged jar, with the shipped production config ({@code config/maintenance-glue.yaml}) and
 * only environment overrides on top: the warehouse, moto's Glue and S3 endpoints (production sets
 * none), the report files, and the task settings the caller gives. Credentials and region come from
 * the AWS default chain, as in production.
 */
final class MaintenanceJobRun {
  private static final String MAIN = "dev.lakehouse.maintenance.cli.MaintenanceJob";

  record Result(int exitCode, String log, JsonNode report) {
    /** The report entry of one table, e.g. {@code lakehouse.orders_enriched}. */
    JsonNode table(String name) {
      for (JsonNode table : report.path("tables")) {
        if (table.path("table").asText().equals(name)) {
          return table;
        }
      }
      throw new AssertionError("Cannot find table " + name + " in the maintenance report:\n" + report.toPrettyString());
    }
  }

  private MaintenanceJobRun() {}

  /** @param settings overrides as environment variables, e.g. {@code MAINTENANCE_EXPIRY_MIN_SNAPSHOTS} */
  static Result once(GlueSinkStack stack, Map<String, String> settings) throws Exception {
    Path runDir = stack.runDir().resolve("maintenance-" + System.currentTimeMillis());
    Files.createDirectories(runDir);
    Path report = runDir.resolve("report.json");
    Map<String, String> env = new HashMap<>(GlueSinkStack.awsEnv(GlueSinkStack.MAINTENANCE_ROLE_KEY));
    env.put("MAINTENANCE_CATALOG_PROPERTIES_WAREHOUSE", MotoConnectorConfig.WAREHOUSE);
    env.put("MAINTENANCE_CATALOG_PROPERTIES_GLUE_ENDPOINT", stack.moto().endpoint());
    env.put("MAINTENANCE_CATALOG_PROPERTIES_S3_ENDPOINT", stack.moto().endpoint());
    env.put("MAINTENANCE_CATALOG_PROPERTIES_S3_PATH_STYLE_ACCESS", "true");
    env.put("MAINTENANCE_REPORT_JSON_FILE", report.toString());
    env.put("MAINTENANCE_REPORT_PROMETHEUS_FILE", runDir.resolve("maintenance.prom").toString());
    env.putAll(settings);
    Path module = GlueSinkStack.REPO.resolve("maintenance-job");
    try (JavaProcess job = JavaProcess.start(runDir.resolve("maintenance-job.log"),
        module.resolve("target/maintenance-job.jar") + ":" + module.resolve("target/lib") + "/*", env, MAIN,
        "run", "--config", module.resolve("config/maintenance-glue.yaml").toString(), "--once")) {
      int exit = job.waitFor(180);
      JsonNode json = Files.exists(report) ? new ObjectMapper().readTree(report.toFile()) : null;
      return new Result(exit, job.log(), json);
    }
  }
}
