package dev.lakehouse.e2e.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.harness.ProjectVenv;
import dev.lakehouse.streams.config.AppConfig;
import dev.lakehouse.streams.config.Durations;
import dev.lakehouse.testkit.RepoDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No Docker engine runs here, so the compose stack is never started in CI: its file is checked
 * against the Compose specification's JSON schema (vendored) and the rules of compose/check_compose.py.
 */
class ComposeFileTest {
  private static final Path COMPOSE = RepoDir.get().resolve("compose");

  @BeforeAll
  static void venvHasTheValidator() throws Exception {
    ProjectVenv.requireModules("jsonschema", "yaml");
  }

  @Test
  void theComposeStackIsAValidComposeFile() throws Exception {
    ProjectVenv.Result result = check(COMPOSE.resolve("docker-compose.yml"));

    assertThat(result.exitCode()).as(result.output()).isZero();
    assertThat(result.output()).contains("docker-compose.yml: valid");
  }

  @Test
  void theComposeStackRunsEveryPieceOfThePipeline() throws Exception {
    String compose = Files.readString(COMPOSE.resolve("docker-compose.yml"));

    assertThat(compose).contains("image: apache/kafka:4.3.1", "KAFKA_PROCESS_ROLES: broker,controller",
        "image: minio/minio:", "compose/images/connect/Dockerfile", "entrypoint: [\"connect-config\"]",
        "compose/images/streams-app/Dockerfile", "compose/images/maintenance-job/Dockerfile", "\"--every\"",
        "compose/images/trino/Dockerfile");
    assertThat(Files.readString(COMPOSE.resolve("images/trino/Dockerfile"))).contains("FROM trinodb/trino:476");
  }

  /** A stop killed before the app closed and marked a clean stop costs the next start a restore of all its state. */
  @Test
  void theStreamsAppGetsAGracePeriodLongerThanItsShutdownTimeout() throws Exception {
    String compose = Files.readString(COMPOSE.resolve("docker-compose.yml"));
    Matcher service = Pattern.compile("(?ms)^  streams-app:\\n(.*?)(?=^  \\S)").matcher(compose);
    assertThat(service.find()).as("the streams-app service").isTrue();
    Matcher grace = Pattern.compile("stop_grace_period: (\\d+)s").matcher(service.group(1));
    assertThat(grace.find()).as("stop_grace_period of the streams-app service (Docker's default is 10 s)").isTrue();
    Duration shutdownTimeout = Durations.parse(AppConfig.SHUTDOWN_TIMEOUT,
        (String) AppConfig.configDef().configKeys().get(AppConfig.SHUTDOWN_TIMEOUT).defaultValue);

    assertThat(Duration.ofSeconds(Long.parseLong(grace.group(1)))).isGreaterThanOrEqualTo(shutdownTimeout.plusSeconds(15));
  }

  @Test
  void theStreamsImageStartsTheAppWithTheJvmOptionsFileOfItsJar() throws Exception {
    String dockerfile = Files.readString(COMPOSE.resolve("images/streams-app/Dockerfile"));
    Matcher copy = Pattern.compile("COPY (\\S+/jvm\\.options) /opt/streams-app/jvm\\.options").matcher(dockerfile);

    assertThat(copy.find()).as(dockerfile).isTrue();
    assertThat(RepoDir.get().resolve(copy.group(1))).isRegularFile();
    assertThat(dockerfile).contains("ENTRYPOINT [\"java\", \"@/opt/streams-app/jvm.options\", ");
  }

  @Test
  void theCheckReportsSchemaViolationsAndWhatTheSchemaCannotSee(@TempDir Path dir) throws Exception {
    Path broken = dir.resolve("docker-compose.yml");
    Files.writeString(broken, """
        services:
          kafka:
            image: apache/kafka:latest
          app:
            image: lakehouse/app:1
            depends_on: [brokr]
        """);
    Path unknownKey = dir.resolve("unknown-key.yml");
    Files.writeString(unknownKey, """
        services:
          app:
            image: lakehouse/app:1
            restart_policy: always
        """);

    ProjectVenv.Result notPinned = check(broken);
    ProjectVenv.Result schema = check(unknownKey);

    assertThat(notPinned.exitCode()).isEqualTo(1);
    assertThat(notPinned.output())
        .contains("services/kafka/image: 'apache/kafka:latest' is not pinned to a version tag")
        .contains("services/app/depends_on: no service named 'brokr'");
    assertThat(schema.exitCode()).isEqualTo(1);
    assertThat(schema.output()).contains("services/app: 'restart_policy' does not match any of the regexes");
  }

  private static ProjectVenv.Result check(Path composeFile) throws Exception {
    return ProjectVenv.run(60, COMPOSE.resolve("check_compose.py").toString(), composeFile.toString());
  }
}
