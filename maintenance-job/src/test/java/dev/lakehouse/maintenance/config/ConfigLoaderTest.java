package dev.lakehouse.maintenance.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.conventions.DurationFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ConfigLoaderTest {
  static final String CATALOG = """
      catalog:
        properties:
          type: jdbc
          uri: jdbc:sqlite:/tmp/iceberg.db
          s3.secret-access-key: from-file
      """;

  static MaintenanceConfig load(Path dir, String yaml, Map<String, String> env) throws Exception {
    Path file = dir.resolve("maintenance.yaml");
    Files.writeString(file, yaml);
    return ConfigLoader.load(file, env);
  }

  @Test
  void defaultsApplyAndTableOverridesWinForTheirTable(@TempDir Path dir) throws Exception {
    MaintenanceConfig config = load(dir, CATALOG + """
        compaction:
          target-file-size-bytes: 1000
        table-overrides:
          lakehouse.dead_letters:
            compaction: {enabled: false}
            expiry:
              max-snapshot-age: 1d
        """, Map.of());

    assertThat(config.tablePatterns()).containsExactly("lakehouse.*");
    TaskSettings orders = config.settingsFor("lakehouse.orders_enriched");
    assertThat(orders.compactionEnabled()).isTrue();
    assertThat(orders.targetFileSizeBytes()).isEqualTo(1000);
    assertThat(orders.maxSnapshotAge()).isEqualTo(Duration.ofDays(5));
    assertThat(orders.orphanMinAge()).isEqualTo(Duration.ofDays(3));
    TaskSettings deadLetters = config.settingsFor("lakehouse.dead_letters");
    assertThat(deadLetters.compactionEnabled()).isFalse();
    assertThat(deadLetters.targetFileSizeBytes()).isEqualTo(1000);
    assertThat(deadLetters.maxSnapshotAge()).isEqualTo(Duration.ofDays(1));
  }

  @Test
  void unknownKeysAreRejectedByName(@TempDir Path dir) {
    assertThatThrownBy(() -> load(dir, CATALOG + "compaction:\n  target-file-size: 10\n", Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("Cannot load config " + dir.resolve("maintenance.yaml")
            + ": unknown key compaction.target-file-size (known keys: catalog.name, catalog.properties.*, ");
    assertThatThrownBy(() -> load(dir, CATALOG + "table-overrides:\n  lakehouse.x:\n    lock:\n      ttl: 1m\n", Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("unknown key table-overrides.lakehouse.x.lock.ttl");
  }

  @Test
  void environmentOverridesFileValuesAndCatalogProperties(@TempDir Path dir) throws Exception {
    MaintenanceConfig config = load(dir, CATALOG + "lock:\n  ttl: 10m\n", Map.of(
        "MAINTENANCE_LOCK_TTL", "20m",
        "MAINTENANCE_COMPACTION_TARGET_FILE_SIZE_BYTES", "2048",
        "MAINTENANCE_CATALOG_PROPERTIES_S3_SECRET_ACCESS_KEY", "from-env",
        "MAINTENANCE_CATALOG_PROPERTIES_S3_ENDPOINT", "http://127.0.0.1:9000",
        "MAINTENANCE_CATALOG_PROPERTIES_GLUE_ENDPOINT", "http://127.0.0.1:5000"));

    assertThat(config.lockTtl()).isEqualTo(Duration.ofMinutes(20));
    assertThat(config.settingsFor("lakehouse.t").targetFileSizeBytes()).isEqualTo(2048);
    assertThat(config.catalogProperties())
        .containsEntry("s3.secret-access-key", "from-env")
        .containsEntry("s3.endpoint", "http://127.0.0.1:9000")
        .containsEntry("glue.endpoint", "http://127.0.0.1:5000");
    assertThat(config.catalogPropertiesForDisplay()).containsEntry("s3.secret-access-key", "****");
  }

  @Test
  void orphanMinimumAgeCannotGoBelowTheSafetyFloor(@TempDir Path dir) {
    assertThatThrownBy(() -> load(dir, CATALOG + "sink:\n  commit-interval: 5m\n  commit-timeout: 30m\norphans:\n  min-age: 1h\n", Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use 'orphans.min-age' = 1h: it is below the safety floor 350m (10 x (sink.commit-interval"
            + " + sink.commit-timeout), at least 1h); a file of a sink commit still in flight could be deleted."
            + " Set it to 350m or more");
    assertThatThrownBy(() -> load(dir, CATALOG + "sink:\n  commit-interval: 1s\n  commit-timeout: 1s\n"
        + "table-overrides:\n  lakehouse.t:\n    orphans:\n      min-age: 59m\n", Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("Cannot use 'table-overrides.lakehouse.t.orphans.min-age' = 59m: it is below the safety floor 1h");
  }

  @Test
  void aTablesRecordedSinkCadenceSetsItsOrphanFloorAndTheConfigCoversTablesWithout(@TempDir Path dir) throws Exception {
    MaintenanceConfig config = load(dir, CATALOG + "sink:\n  commit-interval: 1m\n  commit-timeout: 30s\n", Map.of());

    // recorded by connect-config apply: 1 h commits, 10 min timeout -> 10 x 70 min
    assertThat(config.orphanSafetyFloor(Map.of("lakehouse.sink.commit-interval-ms", "3600000",
        "lakehouse.sink.commit-timeout-ms", "600000"))).isEqualTo(Duration.ofMinutes(700));
    // nothing recorded: this config's 10 x 90 s, raised to the 1 h minimum
    assertThat(config.orphanSafetyFloor(Map.of())).isEqualTo(Duration.ofHours(1));
  }

  @Test
  void maxSnapshotsMayNotBeBelowMinSnapshots(@TempDir Path dir) {
    assertThatThrownBy(() -> load(dir, CATALOG + "expiry:\n  min-snapshots: 50\n  max-snapshots: 10\n", Map.of())
        .settingsFor("a.b"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use 'expiry.max-snapshots' = 10: it is below 'expiry.min-snapshots' = 50");
  }

  @Test
  void reportSettingsAreCheckedWhenLoaded(@TempDir Path dir) {
    assertThatThrownBy(() -> load(dir, CATALOG + "report:\n  stdout: xml\n", Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use 'report.stdout' = xml: it must be one of [json, text]");
    assertThatThrownBy(() -> load(dir, CATALOG + "report:\n  pushgateway-url: pushgateway:9091\n", Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("Cannot use 'report.pushgateway-url' = pushgateway:9091: it must be an http:// or https:// URL");
    assertThatThrownBy(() -> load(dir, CATALOG + "report:\n  s3-uri: reports/\n", Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("Cannot use 'report.s3-uri' = reports/: it must be an object store URI with a bucket");
  }

  @Test
  void badValuesNameTheKey(@TempDir Path dir) {
    assertThatThrownBy(() -> load(dir, CATALOG + "compaction:\n  sealed-after: soon\n", Map.of()).settingsFor("a.b"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use compaction.sealed-after=soon: expected a duration such as 500ms, 90s, 2m, 1h, 7d or PT2M");
    assertThatThrownBy(() -> load(dir, CATALOG + "compaction:\n  target-file-size-bytes: -1\n", Map.of()).settingsFor("a.b"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use 'compaction.target-file-size-bytes' = -1: it must be > 0");
    assertThatThrownBy(() -> load(dir, "tables: [lakehouse.*]\n", Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("Cannot configure the catalog: 'catalog.properties' is empty");
  }

  @Test
  void theShippedExampleConfigsLoad() {
    for (String name : java.util.List.of("maintenance-local.yaml", "maintenance-glue.yaml")) {
      MaintenanceConfig config = ConfigLoader.load(Path.of("config", name), Map.of());
      assertThat(config.tablePatterns()).as(name).containsExactly("lakehouse.*");
      assertThat(config.settingsFor("lakehouse.orders_enriched").orphanMinAge()).as(name).isEqualTo(Duration.ofDays(3));
      assertThat(config.reportStdout()).as("%s: the report reaches the job's own output", name).isEqualTo("json");
      assertThat(config.reportJsonFile() + config.reportPrometheusFile()).as("%s: no file the image may not create", name)
          .doesNotStartWith("/var/");
    }
    MaintenanceConfig glue = ConfigLoader.load(Path.of("config", "maintenance-glue.yaml"), Map.of());
    // the aws connector commits every minute: age alone would keep 1,440 snapshots a day
    assertThat(glue.settingsFor("lakehouse.orders_enriched").maxSnapshots()).isLessThanOrEqualTo(500);
  }

  @ParameterizedTest(name = "\"{0}\" = {1}")
  @MethodSource("dev.lakehouse.conventions.DurationTable#valid")
  void aSettingReadsTheProjectsDurationFormat(String text, Duration expected, @TempDir Path dir) throws Exception {
    MaintenanceConfig config = load(dir, CATALOG, Map.of(ConfigLoader.envName(MaintenanceConfig.LOCK_WAIT), text));

    assertThat(config.lockWait()).isEqualTo(expected);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @MethodSource("dev.lakehouse.conventions.DurationTable#invalid")
  void aSettingRefusesWhatIsNotADurationNamingKeyAndValue(String text, @TempDir Path dir) {
    assertThatThrownBy(() -> load(dir, CATALOG, Map.of(ConfigLoader.envName(MaintenanceConfig.LOCK_WAIT), text)))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use lock.wait=" + text.trim() + ": expected " + DurationFormat.EXPECTED);
  }
}
