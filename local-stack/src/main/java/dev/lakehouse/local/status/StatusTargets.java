package dev.lakehouse.local.status;

import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.local.stack.components.DashboardComponent;
import dev.lakehouse.local.stack.components.MaintenanceComponent;
import dev.lakehouse.local.stack.config.MaintenanceConfigFile;
import dev.lakehouse.local.stack.config.ModuleJars;
import dev.lakehouse.local.stack.config.Replays;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.process.JvmCommand;
import dev.lakehouse.testkit.DashboardScripts;
import dev.lakehouse.testkit.LocalCatalog;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Where {@code status} looks: the broker, each Streams app instance, the replays' Streams groups, the Connect worker, Trino, the dashboard
 * (null when the stack leaves it out), the catalog, and
 * the maintenance job's health command (empty when it cannot run; the note says why); the file
 * that keeps record counts between runs, and the last audit's findings.
 */
public record StatusTargets(String bootstrapServers, List<String> streamsUrls, String streamsApplicationId,
    List<String> replayApplicationIds, String connectUrl,
    String trinoUrl, String dashboardUrl, Map<String, String> catalogProperties, List<String> maintenanceHealthCommand, String maintenanceNote,
    Path recordCountsFile, Path lastAuditFile) {

  public static StatusTargets of(StackConfig config) {
    List<String> health = List.of();
    String note = "";
    if (!ModuleJars.isBuilt(config.repoDir(), MaintenanceComponent.MODULE)) {
      note = MaintenanceComponent.MODULE + " is not built (./lakehouse setup builds it)";
    } else {
      try {
        health = JvmCommand.forComponent(config, "maintenance-health", "512m",
            ModuleJars.classpath(config.repoDir(), MaintenanceComponent.MODULE, "the maintenance health check"),
            MaintenanceComponent.MAIN_CLASS)
            .systemProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn")
            .args("health", "--config", MaintenanceConfigFile.write(config).toString(), "--format", "json")
            .toList();
      } catch (StackException e) {
        note = "health scores unavailable: " + e.getMessage();
      }
    }
    List<String> streamsUrls = IntStream.rangeClosed(1, config.streamsInstances()).mapToObj(config::streamsUrl).toList();
    List<String> replays = Replays.started(config.layout()).stream().map(replay -> replay.applicationId(config)).toList();
    return new StatusTargets(config.bootstrapServers(), streamsUrls, config.streamsApplicationId(), replays,
        config.connectUrl(), "http://127.0.0.1:" + config.trinoPort(),
        new DashboardComponent().skipReason(config).isPresent() ? null : DashboardScripts.baseUrl(config.dashboardPort()),
        LocalCatalog.properties(config.layout().catalogFile(), config.s3Endpoint()), health, note,
        config.layout().recordCountsFile(), config.layout().lastAuditFile());
  }
}
