package dev.lakehouse.local.stack.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.connect.config.ConnectorConfigTemplate;
import dev.lakehouse.connect.config.Environment;
import dev.lakehouse.connect.config.TemplateValues;
import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.maintenance.config.ConfigLoader;
import dev.lakehouse.maintenance.config.MaintenanceConfig;
import dev.lakehouse.testkit.LocalCatalog;
import dev.lakehouse.testkit.RepoDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The maintenance config of a stack comes from the job's own local config; that config follows the local connector. */
class MaintenanceConfigFileTest {
  private static final Path REPO = RepoDir.get();
  private static final String TABLE = "lakehouse.orders_enriched";

  @TempDir Path dataDir;

  private static MaintenanceConfig template() {
    return ConfigLoader.load(REPO.resolve(MaintenanceConfigFile.TEMPLATE), Map.of());
  }

  @Test
  void isTheJobsLocalConfigWithThisStacksCatalogAndReportFiles() {
    StackConfig config = StackConfig.of(REPO, Map.of(Setting.DATA_DIR, dataDir.toString(), Setting.S3_PORT, "29000"));

    Path file = MaintenanceConfigFile.write(config);
    MaintenanceConfig written = ConfigLoader.load(file, Map.of());

    assertThat(file).isEqualTo(dataDir.resolve("config/maintenance.yaml"));
    assertThat(written.catalogProperties())
        .isEqualTo(LocalCatalog.properties(dataDir.resolve("catalog/iceberg.db"), "http://127.0.0.1:29000"));
    assertThat(written.reportJsonFile()).isEqualTo(dataDir.resolve("maintenance/last-run.json").toString());
    assertThat(written.reportPrometheusFile()).isEqualTo(dataDir.resolve("maintenance/maintenance.prom").toString());
    MaintenanceConfig template = template();
    assertThat(written.tablePatterns()).isEqualTo(template.tablePatterns());
    assertThat(written.sinkCommitInterval()).isEqualTo(template.sinkCommitInterval());
    assertThat(written.sinkCommitTimeout()).isEqualTo(template.sinkCommitTimeout());
    assertThat(written.lockTtl()).isEqualTo(template.lockTtl());
    assertThat(written.settingsFor(TABLE)).isEqualTo(template.settingsFor(TABLE));
  }

  @Test
  void theJobsLocalConfigFollowsTheLocalConnectorsCommitCadence() {
    Map<String, String> connector = ConnectorConfigTemplate.bundled(Environment.LOCAL)
        .render("lakehouse-iceberg-sink", TemplateValues.of(Environment.LOCAL, Map.of(TemplateValues.DATA_DIR, dataDir.toString())));

    assertThat(template().sinkCommitInterval())
        .isEqualTo(Duration.ofMillis(Long.parseLong(connector.get("iceberg.control.commit.interval-ms"))));
    assertThat(template().sinkCommitTimeout())
        .isEqualTo(Duration.ofMillis(Long.parseLong(connector.get("iceberg.control.commit.timeout-ms"))));
  }

  @Test
  void theJobsLocalConfigRunFromTheRepositoryReadsTheDefaultStacksCatalog() {
    StackConfig defaults = StackConfig.of(REPO, Map.of());
    Map<String, String> expected = new HashMap<>(LocalCatalog.properties(defaults.layout().catalogFile(), defaults.s3Endpoint()));
    expected.put("uri", "jdbc:sqlite:" + REPO.relativize(defaults.layout().catalogFile()));

    assertThat(template().catalogProperties()).isEqualTo(expected);
  }

  @Test
  void aTemplateTheJobRefusesStopsWithTheJobsOwnMessage(@TempDir Path repo) throws Exception {
    Path template = repo.resolve(MaintenanceConfigFile.TEMPLATE);
    Files.createDirectories(template.getParent());
    Files.writeString(template, Files.readString(REPO.resolve(MaintenanceConfigFile.TEMPLATE)) + "retention: 3d\n");
    StackConfig config = StackConfig.of(repo, Map.of(Setting.DATA_DIR, dataDir.toString()));

    assertThatThrownBy(() -> MaintenanceConfigFile.write(config))
        .isInstanceOf(StackException.class)
        .hasMessageStartingWith("Cannot configure the maintenance job from " + template + ": Cannot load config "
            + dataDir.resolve("config/maintenance.yaml") + ": unknown key retention (known keys: ");
  }

  @Test
  void aMissingTemplateNamesItsModule(@TempDir Path repo) {
    StackConfig config = StackConfig.of(repo, Map.of(Setting.DATA_DIR, dataDir.toString()));

    assertThatThrownBy(() -> MaintenanceConfigFile.write(config))
        .isInstanceOf(StackException.class)
        .hasMessageStartingWith("Cannot read " + repo.toAbsolutePath().resolve(MaintenanceConfigFile.TEMPLATE))
        .hasMessageEndingWith("(it belongs to the maintenance-job module)");
  }
}
