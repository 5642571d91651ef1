package dev.lakehouse.local.stack.components;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.connect.cli.ConnectConfigCli;
import dev.lakehouse.local.stack.Component;
import dev.lakehouse.local.stack.InvalidInputException;
import dev.lakehouse.local.stack.config.Replay;
import dev.lakehouse.local.stack.config.Replays;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.replay.ReplaySwitch;
import dev.lakehouse.maintenance.audit.SavedAudit;
import dev.lakehouse.maintenance.audit.TableAuditResult;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.App;
import dev.lakehouse.streams.config.AppConfig;
import dev.lakehouse.streams.config.ConfigLoader;
import dev.lakehouse.streams.config.TopologyKeys;
import dev.lakehouse.testkit.RepoDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.ParseResult;

/** {@code ./lakehouse replay}: the replay's components as its apps read them, and when the last audit lets dbt switch to it. */
class ReplayTest {
  @TempDir Path dataDir;

  private StackConfig config() {
    Map<Setting, String> overrides = new EnumMap<>(Setting.class);
    overrides.put(Setting.DATA_DIR, dataDir.toString());
    overrides.put(Setting.KAFKA_PORT, "29092");
    overrides.put(Setting.STREAMS_PORT, "28081");
    return StackConfig.of(RepoDir.get(), overrides);
  }

  @Test
  void aStartedReplayBelongsToTheStackWithItsConnectorAndItsStreamsApp() {
    StackConfig config = config();
    assertThat(Components.replay(config)).isEmpty();

    Replays.record(config.layout(), new Replay("2"));
    Replays.record(config.layout(), new Replay("3"));
    Replays.record(config.layout(), new Replay("2"));

    assertThat(Replays.started(config.layout())).containsExactly(new Replay("2"), new Replay("3"));
    assertThat(Components.replay(config)).extracting(Component::name)
        .containsExactly("connector-replay-2", "streams-replay-2", "connector-replay-3", "streams-replay-3");
    assertThat(Components.standard(config, "").stream().map(Component::name).toList())
        .containsSubsequence("connector", "streams", "connector-replay-2", "streams-replay-2", "trino");
    assertThat(Components.replay(config)).flatExtracting(c -> c.ports(config)).extracting(Component.PortUse::port)
        .containsExactly(28131, 28132);
  }

  @Test
  void theReplaysStreamsAppRunsUnderItsOwnApplicationIdStateAndPrefix() {
    StackConfig config = config();
    StreamsComponent streams = new StreamsComponent(new Replay("2"), 0);
    streams.prepare(config);
    List<String> args = streams.command(config).toList();
    ParseResult parsed = App.commandLine(Map.of()).parseArgs(args.subList(args.indexOf(StreamsComponent.MAIN_CLASS) + 1,
        args.size()).toArray(String[]::new));

    AppConfig app = ConfigLoader.load(parsed.matchedOptionValue("--config", (Path) null), Map.of());
    assertThat(app.applicationId()).isEqualTo("lakehouse-streams-replay-2");
    assertThat(app.getString(TopologyKeys.OUTPUT_TOPIC_PREFIX)).isEqualTo("replay-2.");
    assertThat(app.httpPort()).isEqualTo(28131);
    assertThat(app.stateDir()).isEqualTo(dataDir.resolve("streams-replay-2-state"));
    assertThat(app.bootstrapServers()).isEqualTo("127.0.0.1:29092");
  }

  @Test
  void theReplaysConnectorReadsThePrefixedTopicsIntoItsNamespace() {
    ParseResult apply = ConnectConfigCli.commandLine().parseArgs(
        ConnectorComponent.arguments(config(), new Replay("2")).toArray(String[]::new)).subcommand();

    assertThat(apply.matchedOptionValue("--name", "")).isEqualTo("lakehouse-iceberg-sink-replay-2");
    assertThat(apply.matchedOptionValue("--namespace", "")).isEqualTo("lakehouse_replay_2");
    assertThat(apply.matchedOptionValue("--topic-prefix", "")).isEqualTo("replay-2.");
  }

  @Test
  void anIdThatWouldMakeABadNameIsRefused() {
    assertThatThrownBy(() -> new Replay("Two")).isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("Cannot use replay id 'Two': expected 1 to 16 lowercase letters or digits");
    assertThatThrownBy(() -> new Replay("2.1")).isInstanceOf(InvalidInputException.class);
  }

  @Test
  void aBadLineInTheReplaysFileIsNamedWithTheFile() throws Exception {
    StackConfig config = config();
    Files.createDirectories(config.layout().configDir());
    Files.writeString(config.layout().replaysFile(), "2\nreplay two\n");

    assertThatThrownBy(() -> Components.standard(config, "")).isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("Cannot use replay id 'replay two'")
        .hasMessageEndingWith("it is a line of " + config.layout().replaysFile() + ": correct or remove it");
  }

  @Test
  void dbtSwitchesToAReplayOnlyOnceTheLastAuditFoundEveryTableOfItClean() throws Exception {
    StackConfig config = config();
    assertThat(ReplaySwitch.decide(config, "live", null, Duration.ZERO, Duration.ZERO, System.out))
        .isEqualTo(new ReplaySwitch.Decision("lakehouse", null));
    assertThatThrownBy(() -> ReplaySwitch.audited(config, "2")).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("no such replay in this stack");

    Replays.record(config.layout(), new Replay("2"));
    assertThatThrownBy(() -> ReplaySwitch.audited(config, "2"))
        .hasMessageStartingWith("Cannot switch dbt to lakehouse_replay_2 before an audit passed on it: run "
            + "./lakehouse audit --tables 'lakehouse_replay_2.*' --settle 0s");

    List<TableAuditResult> tables = new ArrayList<>();
    for (String topic : Topics.OUTPUTS) {
      tables.add(clean("lakehouse_replay_2." + Topics.tableName(topic)));
    }
    save(config, tables.subList(1, tables.size()));
    assertThatThrownBy(() -> ReplaySwitch.audited(config, "2"))
        .hasMessageContaining("the last audit did not check [lakehouse_replay_2.orders_enriched]");

    List<TableAuditResult> broken = new ArrayList<>(tables);
    broken.set(0, new TableAuditResult("lakehouse_replay_2.orders_enriched", 2, 20, List.of("s3://w/f.parquet (2 times)"),
        List.of("source_offset"), 0, List.of()));
    save(config, broken);
    assertThatThrownBy(() -> ReplaySwitch.audited(config, "2"))
        .hasMessageContaining("the last audit found breaks in [lakehouse_replay_2.orders_enriched]");

    save(config, tables);
    assertThat(ReplaySwitch.audited(config, "2")).isEqualTo(new Replay("2"));
  }

  private static TableAuditResult clean(String table) {
    return new TableAuditResult(table, 1, 10, List.of(), List.of("source_offset"), 0, List.of());
  }

  private static void save(StackConfig config, List<TableAuditResult> tables) throws Exception {
    new SavedAudit("2026-12-02T09:00:00Z", tables).write(config.layout().lastAuditFile());
  }
}
