package dev.lakehouse.streams.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {
  @TempDir
  Path dir;

  @Test
  void usesDefaultsWithoutFileOrEnvironment() {
    AppConfig config = ConfigLoader.load(null, Map.of());

    assertThat(config.bootstrapServers()).isEqualTo("127.0.0.1:19092");
    assertThat(config.applicationId()).isEqualTo("lakehouse-streams");
    assertThat(config.httpBindAddress()).isEqualTo("0.0.0.0");
    assertThat(config.httpPort()).isEqualTo(18081);
    assertThat(config.stateDir()).isEqualTo(Path.of(".local/streams/streams-state"));
    assertThat(config.shutdownTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(config.topicCheckEnabled()).isTrue();
    assertThat(config.schemaRegistrySettings()).containsExactly(Map.entry("schema.registry.url", "file:"));
  }

  @Test
  void environmentOverridesTheFile() throws IOException {
    Path file = write("kafka.bootstrap.servers=file-broker:9092\n"
        + "http.port=9000\n"
        + "streams.application.id=from-file\n");

    AppConfig config = ConfigLoader.load(file, Map.of(
        "LAKEHOUSE_STREAMS_HTTP_PORT", "9100",
        "LAKEHOUSE_STREAMS_KAFKA_SECURITY_PROTOCOL", "SASL_SSL",
        "UNRELATED", "x"));

    assertThat(config.bootstrapServers()).isEqualTo("file-broker:9092");
    assertThat(config.applicationId()).isEqualTo("from-file");
    assertThat(config.httpPort()).isEqualTo(9100);
    assertThat(config.kafkaClientSettings()).containsEntry("security.protocol", "SASL_SSL");
  }

  @Test
  void passesSchemaRegistryKeysUnderConfluentNames() throws IOException {
    Path file = write("schema.registry.url=https://registry:8081\n"
        + "schema.registry.basic.auth.credentials.source=USER_INFO\n"
        + "schema.registry.basic.auth.user.info=u:p\n");

    assertThat(ConfigLoader.load(file, Map.of()).schemaRegistrySettings()).containsExactly(
        Map.entry("basic.auth.credentials.source", "USER_INFO"),
        Map.entry("basic.auth.user.info", "u:p"),
        Map.entry("schema.registry.url", "https://registry:8081"));
  }

  @Test
  void rejectsAMissingFile() {
    Path missing = dir.resolve("nope.properties");

    assertThatThrownBy(() -> ConfigLoader.load(missing, Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot read the config file " + missing.toAbsolutePath() + ": no such file");
  }

  @Test
  void rejectsUnknownKeys() throws IOException {
    Path file = write("windw.grace=2m\nhttp.port=1\n");

    assertThatThrownBy(() -> ConfigLoader.load(file, Map.of()))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use unknown key(s) [windw.grace]: not a streams-app setting and not under kafka., "
            + "streams. or schema.registry. (check the spelling; the keys are listed in streams-app/README.md)");
  }

  @Test
  void rejectsUnknownStreamsSettings() {
    assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("LAKEHOUSE_STREAMS_STREAMS_COMMIT_INTERVAL", "5")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use streams.commit.interval: commit.interval is not a Kafka Streams setting; "
            + "client settings go under streams.producer., streams.consumer., streams.admin. or kafka.");
  }

  @Test
  void rejectsAnotherProcessingGuarantee() {
    assertThatThrownBy(() -> load("streams.processing.guarantee", "at_least_once"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use streams.processing.guarantee=at_least_once: the output topics promise "
            + "exactly-once to read_committed readers, so only exactly_once_v2 is accepted");
  }

  @Test
  void rejectsTurningOffExplicitNaming() {
    assertThatThrownBy(() -> load("streams.ensure.explicit.internal.resource.naming", "false"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot set streams.ensure.explicit.internal.resource.naming: it is always true, so that "
            + "stores and internal topics keep their names across topology changes");
  }

  @Test
  void rejectsAnInstanceIdKafkaWouldRefuse() {
    assertThatThrownBy(() -> load("instance.id", "streams 1"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use instance.id=streams 1: a static member's name may hold only letters, digits, '.', '_' "
            + "and '-', at most 240 of them (a pod name fits); leave it empty for dynamic membership");
  }

  @Test
  void rejectsBadDurations() {
    assertThatThrownBy(() -> load("shutdown.timeout", "soon"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use shutdown.timeout=soon: expected a duration such as 500ms, 90s, 2m, 1h, 7d or PT2M");
  }

  @Test
  void rejectsOutOfRangeNumbers() {
    assertThatThrownBy(() -> load("http.port", "70000"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Invalid value 70000 for configuration http.port: Value must be no more than 65535");
    assertThatThrownBy(() -> load("streams.num.stream.threads", "two"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Invalid value two for configuration streams.num.stream.threads: Not a number of type INT");
  }

  @Test
  void describesEffectiveSettingsWithSecretsHidden() {
    AppConfig config = ConfigLoader.load(null, Map.of(
        "LAKEHOUSE_STREAMS_KAFKA_SASL_JAAS_CONFIG", "org.apache.kafka.common.security.plain.PlainLoginModule "
            + "required username=\"u\" password=\"p\";",
        "LAKEHOUSE_STREAMS_KAFKA_SSL_TRUSTSTORE_PASSWORD", "changeit"));

    assertThat(config.describe())
        .containsEntry("kafka.sasl.jaas.config", "[hidden]")
        .containsEntry("kafka.ssl.truststore.password", "[hidden]")
        .containsEntry("kafka.bootstrap.servers", "127.0.0.1:19092")
        .containsEntry("window.grace", "2m");
    assertThat(String.valueOf(config.describe())).doesNotContain("changeit").doesNotContain("password=\"p\"");
  }

  private static AppConfig load(String key, String value) {
    return ConfigLoader.load(null, Map.of(EnvironmentOverrides.variableOf(key), value));
  }

  private Path write(String text) throws IOException {
    return Files.writeString(dir.resolve("app.properties"), text);
  }
}
