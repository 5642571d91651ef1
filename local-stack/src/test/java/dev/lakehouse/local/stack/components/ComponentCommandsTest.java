package dev.lakehouse.local.stack.components;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.connect.cli.ConnectConfigCli;
import dev.lakehouse.connect.config.Environment;
import dev.lakehouse.generator.GeneratorCli;
import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.local.stack.config.MaintenanceConfigFile;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.maintenance.cli.MaintenanceJob;
import dev.lakehouse.streams.App;
import dev.lakehouse.streams.config.AppConfig;
import dev.lakehouse.streams.config.ConfigLoader;
import dev.lakehouse.streams.runtime.JvmOptions;
import dev.lakehouse.testkit.RepoDir;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.ParseResult;

/**
 * What the launcher writes and passes to each app, read by that app's own command line and config
 * class: a renamed option or key, or a value an app refuses, fails here instead of at {@code up}.
 */
class ComponentCommandsTest {
  @TempDir Path dataDir;

  private StackConfig config(Map<Setting, String> more) {
    Map<Setting, String> overrides = new EnumMap<>(Setting.class);
    overrides.put(Setting.DATA_DIR, dataDir.toString());
    overrides.put(Setting.KAFKA_PORT, "29092");
    overrides.put(Setting.STREAMS_PORT, "28081");
    overrides.putAll(more);
    return StackConfig.of(RepoDir.get(), overrides);
  }

  @Test
  void theStreamsAppReadsItsCommandLineAndTheSettingsWrittenForIt() {
    StackConfig config = config(Map.of(Setting.STREAMS_APPLICATION_ID, "streams-b"));
    ParseResult parsed = App.commandLine(Map.of()).parseArgs(StreamsComponent.arguments(config).toArray(String[]::new));
    new StreamsComponent().prepare(config);

    Path file = parsed.matchedOptionValue("--config", (Path) null);
    AppConfig app = ConfigLoader.load(file, Map.of());
    assertThat(file).isEqualTo(dataDir.resolve("config/streams-app.properties"));
    assertThat(app.bootstrapServers()).isEqualTo("127.0.0.1:29092");
    assertThat(app.applicationId()).isEqualTo("streams-b");
    assertThat(app.httpBindAddress()).isEqualTo("127.0.0.1");
    assertThat(app.httpPort()).isEqualTo(28081);
    assertThat(app.stateDir()).isEqualTo(dataDir.resolve("streams-state"));
    assertThat(app.dataDir()).isEqualTo(dataDir.resolve("streams"));
  }

  @Test
  void theStreamsAppStartsWithItsOwnJvmOptionsWhichTheStacksOverride() {
    StackConfig config = config(Map.of(Setting.JVM_OPTIONS, "-XX:MaxInlineLevel=15"));

    List<String> command = new StreamsComponent().command(config).toList();

    assertThat(JvmOptions.recommended()).contains("-XX:MaxInlineLevel=9");
    List<String> expectedOrder = new ArrayList<>(JvmOptions.recommended());
    expectedOrder.add("-XX:MaxInlineLevel=15");
    assertThat(command).containsSubsequence(expectedOrder);
  }

  @Test
  void settingsTheStreamsAppRefusesStopTheLauncherWithTheAppsMessage() {
    StackConfig config = config(Map.of(Setting.STREAMS_APPLICATION_ID, ""));

    assertThatThrownBy(() -> new StreamsComponent().prepare(config))
        .isInstanceOf(StackException.class)
        .hasMessageStartingWith("Cannot configure the Streams app: ")
        .hasMessageContaining(AppConfig.APPLICATION_ID);
  }

  @Test
  void theConnectConfigCliReadsTheConnectorStep() {
    StackConfig config = config(Map.of());
    ParseResult apply = ConnectConfigCli.commandLine()
        .parseArgs(ConnectorComponent.arguments(config).toArray(String[]::new)).subcommand();

    assertThat(apply.commandSpec().name()).isEqualTo("apply");
    assertThat(apply.matchedOptionValue("--env", (Environment) null)).isEqualTo(Environment.LOCAL);
    assertThat(apply.matchedOptionValue("--bootstrap-servers", "")).isEqualTo("127.0.0.1:29092");
    assertThat(apply.matchedOptionValue("--connect-url", "")).isEqualTo(config.connectUrl());
    assertThat(apply.matchedOptionValue("--s3-endpoint", "")).isEqualTo(config.s3Endpoint());
    assertThat(apply.hasMatchedOption("--tasks-max")).as("one worker: the local default of 1 task").isFalse();

    StackConfig cluster = config(Map.of(Setting.CONNECT_WORKERS, "2", Setting.TOPIC_PARTITIONS, "4"));
    ParseResult scaled = ConnectConfigCli.commandLine()
        .parseArgs(ConnectorComponent.arguments(cluster).toArray(String[]::new)).subcommand();
    assertThat(scaled.matchedOptionValue("--tasks-max", "")).as("a task per output partition").isEqualTo("4");
  }

  @Test
  void theMaintenanceJobReadsItsCommandLine() {
    StackConfig config = config(Map.of(Setting.MAINTENANCE_EVERY, "15m"));
    ParseResult run = MaintenanceJob.commandLine()
        .parseArgs(MaintenanceComponent.arguments(config).toArray(String[]::new)).subcommand();

    assertThat(run.commandSpec().name()).isEqualTo("run");
    assertThat(run.matchedOptionValue("--config", (Path) null)).isEqualTo(MaintenanceConfigFile.file(config));
    assertThat(run.matchedOptionValue("--every", (Duration) null)).isEqualTo(Duration.ofMinutes(15));
  }

  @Test
  void theDbtSchedulerRunsEveryDbtEveryInTheSecondsItReads() {
    assertThat(DbtComponent.schedulerCommand(config(Map.of()))).endsWith("--interval", "15");
    assertThat(DbtComponent.schedulerCommand(config(Map.of(Setting.DBT_EVERY, "2m")))).endsWith("--interval", "120");
    assertThat(DbtComponent.schedulerCommand(config(Map.of(Setting.DBT_EVERY, "1500ms")))).endsWith("--interval", "1.5");
  }

  @Test
  void theGeneratorReadsItsCommandLineAndFollowsTheStreamsApp() {
    StackConfig config = config(Map.of(Setting.STREAMS_APPLICATION_ID, "streams-b"));
    ParseResult parsed = GeneratorCli.commandLine().parseArgs(GeneratorComponent.arguments(config).toArray(String[]::new));

    assertThat(parsed.matchedOptionValue("--bootstrap-servers", "")).isEqualTo("127.0.0.1:29092");
    assertThat(parsed.matchedOptionValue("--follow-group", "")).isEqualTo("streams-b");
    assertThat(parsed.matchedOptionValue("--events", 0)).isEqualTo(100_000);
  }
}
