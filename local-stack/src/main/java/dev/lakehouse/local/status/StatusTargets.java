package dev.lakehouse.local.status;

import dev.lakehouse.local.stack.JvmCommand;
import dev.lakehouse.local.stack.LocalCatalog;
import dev.lakehouse.local.stack.MaintenanceComponent;
import dev.lakehouse.local.stack.ModuleJars;
import dev.lakehouse.local.stack.StackConfig;
import java.util.List;
import java.util.Map;

/**
 * Where {@code status} looks: the broker, the Streams app, the Connect worker, the catalog, and the
 * maintenance job's health command (empty when the job is not built; the note says why).
 */
public record StatusTargets(String bootstrapServers, String streamsUrl, String streamsApplicationId, String connectUrl,
    Map<String, String> catalogProperties, List<String> maintenanceHealthCommand, String maintenanceNote) {

  public static StatusTargets of(StackConfig config) {
    List<String> health = List.of();
    String note = "";
    if (!ModuleJars.isBuilt(config.repoDir(), "maintenance-job")) {
      note = "maintenance-job is not built (./lakehouse setup builds it)";
    } else {
      health = JvmCommand.forComponent(config, "maintenance-health", "512m",
          ModuleJars.classpath(config.repoDir(), "maintenance-job", "the maintenance health check"),
          "dev.lakehouse.maintenance.cli.MaintenanceJob")
          .systemProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn")
          .args("health", "--config", MaintenanceComponent.writeConfig(config).toString(), "--format", "json")
          .toList();
    }
    return new StatusTargets(config.bootstrapServers(), config.streamsUrl(), config.streamsApplicationId(),
        config.connectUrl(), LocalCatalog.properties(config.layout().catalogFile(), config.s3Endpoint()), health, note);
  }
}
