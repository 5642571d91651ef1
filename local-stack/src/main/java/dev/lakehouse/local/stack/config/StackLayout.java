package dev.lakehouse.local.stack.config;

import dev.lakehouse.testkit.WarehouseLayout;
import java.nio.file.Path;

/** Where each part of the local stack keeps its files under the data folder; S3 and catalog as {@link WarehouseLayout}. */
public record StackLayout(Path dataDir) {

  public Path kafkaDir() {
    return dataDir.resolve("kafka");
  }

  public Path s3Dir() {
    return new WarehouseLayout(dataDir).s3Dir();
  }

  public Path catalogFile() {
    return new WarehouseLayout(dataDir).catalogFile();
  }

  public Path streamsStateDir() {
    return dataDir.resolve("streams-state");
  }

  /** The maintenance job's run reports. */
  public Path maintenanceDir() {
    return dataDir.resolve("maintenance");
  }

  /** The findings of the last {@code ./lakehouse audit} ({@code maintenance-job audit --save}), shown by status. */
  public Path lastAuditFile() {
    return maintenanceDir().resolve("last-audit.json");
  }

  public Path configDir() {
    return dataDir.resolve("config");
  }

  /** The replays started in this stack ({@link Replays}). */
  public Path replaysFile() {
    return configDir().resolve("replays");
  }

  /** Every switch of dbt to a replay, with the reason given when it differed from live ({@link ReplaySwitches}). */
  public Path replaySwitchesFile() {
    return configDir().resolve("replay-switches.jsonl");
  }

  /** The namespace dbt reads the sink's tables from, once {@code ./lakehouse replay switch} chose one. */
  public Path dbtSourceSchemaFile() {
    return configDir().resolve("dbt-source-schema");
  }

  public Path logsDir() {
    return dataDir.resolve("logs");
  }

  /** What {@code status} counted so far, so that the next status reads only newer records. */
  public Path recordCountsFile() {
    return dataDir.resolve("status").resolve("record-counts.json");
  }

  public Path runDir() {
    return dataDir.resolve("run");
  }

  public Path logFile(String component) {
    return logsDir().resolve(component + ".log");
  }

  public Path pidFile(String component) {
    return runDir().resolve(component + ".pid");
  }

  /** Written by the services JVM once the broker, S3 server, catalog and topics are ready. */
  public Path servicesReadyFile() {
    return runDir().resolve("services.ready");
  }
}
