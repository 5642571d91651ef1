package dev.lakehouse.local.stack.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.conventions.DurationFormat;
import dev.lakehouse.conventions.DurationTable;
import dev.lakehouse.local.stack.Component;
import dev.lakehouse.local.stack.InvalidInputException;
import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.local.stack.components.Components;
import dev.lakehouse.local.stack.components.StreamsComponent;
import dev.lakehouse.streams.config.AppConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class StackConfigTest {
  @TempDir Path repo;

  @Test
  void defaultsFollowTheSharedConventions() {
    StackConfig config = StackConfig.of(repo, Map.of());

    assertThat(config.bootstrapServers()).isEqualTo("127.0.0.1:19092");
    assertThat(config.s3Endpoint()).isEqualTo("http://127.0.0.1:19000");
    assertThat(config.connectUrl()).isEqualTo("http://127.0.0.1:18083");
    assertThat(config.streamsUrl()).isEqualTo("http://127.0.0.1:18081");
    assertThat(config.trinoPort()).isEqualTo(18080);
    assertThat(config.dataDir()).isEqualTo(repo.toAbsolutePath().resolve(".local"));
    assertThat(config.layout().catalogFile()).isEqualTo(repo.toAbsolutePath().resolve(".local/catalog/iceberg.db"));
  }

  @Test
  void fileThenEnvironmentThenOverridesEachWin() throws Exception {
    Path file = Files.writeString(repo.resolve("lakehouse.properties"),
        "kafka.port=29092\ns3.port=29000\ndata-dir=/tmp/from-file\ngenerator.args=--rate 5  --seed 7\n");
    Map<String, String> env = Map.of("LAKEHOUSE_S3_PORT", "39000", "LAKEHOUSE_DATA_DIR", "relative/data", "UNRELATED", "x");

    StackConfig config = StackConfig.load(repo, file, env, Map.of(Setting.KAFKA_PORT, "49092"));

    assertThat(config.kafkaPort()).isEqualTo(49092);
    assertThat(config.s3Port()).isEqualTo(39000);
    assertThat(config.dataDir()).isEqualTo(repo.toAbsolutePath().resolve("relative/data"));
    assertThat(config.generatorArgs()).containsExactly("--rate", "5", "--seed", "7");
  }

  @Test
  void environmentNamesAreTheKeysInUpperCase() {
    assertThat(Setting.DATA_DIR.envName()).isEqualTo("LAKEHOUSE_DATA_DIR");
    assertThat(Setting.STARTUP_TIMEOUT_SECONDS.envName()).isEqualTo("LAKEHOUSE_STARTUP_TIMEOUT_SECONDS");
  }

  @Test
  void refusesAnUnknownKeyInTheFile() throws Exception {
    Path file = Files.writeString(repo.resolve("lakehouse.properties"), "kafka.prot=1\n");

    assertThatThrownBy(() -> StackConfig.load(repo, file, Map.of(), Map.of()))
        .isInstanceOf(StackException.class)
        .hasMessageStartingWith("Cannot read the settings file " + file + ": unknown key 'kafka.prot'; known keys: [data-dir, kafka.port,");
  }

  @Test
  void refusesABadPortNamingTheSettingAndItsVariable() {
    assertThatThrownBy(() -> StackConfig.load(repo, null, Map.of("LAKEHOUSE_CONNECT_PORT", "eighty"), Map.of()))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("Cannot use connect.port='eighty': expected a whole number above 0; "
            + "set connect.port in lakehouse.properties or the environment variable LAKEHOUSE_CONNECT_PORT");
  }

  @Test
  void refusesAPortThatCollidesWithTheKafkaController() {
    assertThatThrownBy(() -> StackConfig.of(repo, Map.of(Setting.S3_PORT, "19093")))
        .hasMessage("Cannot use port 19093 for s3.port: kafka.port uses it already (the Kafka controller takes "
            + "kafka.port + 1); set s3.port in lakehouse.properties or the environment variable LAKEHOUSE_S3_PORT");
  }

  @Test
  void eachInstanceOfAScaledComponentTakesThePortOneStepFurther() {
    StackConfig config = StackConfig.of(repo, Map.of(Setting.STREAMS_INSTANCES, "3", Setting.CONNECT_WORKERS, "2"));

    assertThat(config.streamsUrl(3)).isEqualTo("http://127.0.0.1:18281");
    assertThat(config.connectUrl(2)).isEqualTo("http://127.0.0.1:18183");
    assertThat(Components.standard(config, "").stream().map(Component::name))
        .containsSubsequence("connect", "connect-2", "connector", "streams", "streams-2", "streams-3", "trino");
    assertThat(StreamsComponent.appProperties(config, 2)).containsEntry(AppConfig.STREAMS_PREFIX + "num.standby.replicas", "1")
        .containsEntry(AppConfig.STATE_DIR, config.layout().streamsStateDir() + "-2").containsEntry(AppConfig.HTTP_PORT, "18181");
    assertThat(StreamsComponent.appProperties(StackConfig.of(repo, Map.of()), 1))
        .as("one instance: no standby").doesNotContainKey(AppConfig.STREAMS_PREFIX + "num.standby.replicas");
  }

  @Test
  void refusesAnInstancePortThatAnotherSettingUses() {
    assertThatThrownBy(() -> StackConfig.of(repo, Map.of(Setting.STREAMS_PORT, "17983", Setting.STREAMS_INSTANCES, "2")))
        .hasMessage("Cannot use port 18083 for streams.port: connect.port uses it already (instance 2 of streams.port "
            + "takes it: one port every 100); set streams.port in lakehouse.properties or the environment variable "
            + "LAKEHOUSE_STREAMS_PORT");
    assertThatThrownBy(() -> StackConfig.of(repo, Map.of(Setting.CONNECT_PORT, "65500", Setting.CONNECT_WORKERS, "2")))
        .hasMessage("Cannot use connect.port='65500': its instance 2 would take port 65600 (one port every 100 per "
            + "instance), beyond 65535; set connect.port in lakehouse.properties or the environment variable "
            + "LAKEHOUSE_CONNECT_PORT");
  }

  @Test
  void refusesABadHeapAndABadFlag() {
    assertThatThrownBy(() -> StackConfig.of(repo, Map.of(Setting.CONNECT_HEAP, "1 GB")))
        .hasMessageStartingWith("Cannot use connect.heap='1 GB': expected a heap size such as 512m or 1g");
    assertThatThrownBy(() -> StackConfig.of(repo, Map.of(Setting.TRINO_ENABLED, "yes")))
        .hasMessageStartingWith("Cannot use trino.enabled='yes': expected true or false");
  }

  @ParameterizedTest(name = "\"{0}\" = {1}")
  @MethodSource("everyAboveZero")
  void theMaintenanceScheduleReadsTheProjectsDurationFormat(String text, Duration expected) {
    assertThat(StackConfig.of(repo, Map.of(Setting.MAINTENANCE_EVERY, text)).maintenanceEvery()).isEqualTo(expected);
  }

  static Stream<Arguments> everyAboveZero() {
    return DurationTable.validFrom(Duration.ofMillis(1));
  }

  @ParameterizedTest(name = "\"{0}\"")
  @MethodSource("dev.lakehouse.conventions.DurationTable#invalid")
  void theMaintenanceScheduleRefusesWhatIsNotADuration(String text) {
    assertThatThrownBy(() -> StackConfig.of(repo, Map.of(Setting.MAINTENANCE_EVERY, text)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("Cannot use maintenance.every=" + text + ": expected " + DurationFormat.EXPECTED + "; set maintenance.every"
            + " in lakehouse.properties or the environment variable LAKEHOUSE_MAINTENANCE_EVERY");
  }

  @Test
  void theMaintenanceScheduleMustBeAboveZero() {
    assertThatThrownBy(() -> StackConfig.of(repo, Map.of(Setting.MAINTENANCE_EVERY, "0s")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("Cannot use maintenance.every='0s': expected a duration above 0; ");
  }
}
