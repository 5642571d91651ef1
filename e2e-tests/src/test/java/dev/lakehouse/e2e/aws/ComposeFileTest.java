package dev.lakehouse.e2e.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.harness.ProjectVenv;
import dev.lakehouse.streams.config.AppConfig;
import dev.lakehouse.streams.config.Durations;
import dev.lakehouse.testkit.RepoDir;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
        "image: minio/minio:", "compose/images/connect/Dockerfile", "compose/images/connect-config/Dockerfile",
        "compose/images/streams-app/Dockerfile", "compose/images/maintenance-job/Dockerfile", "\"--every\"",
        "compose/images/trino/Dockerfile", "compose/images/dbt/Dockerfile");
    assertThat(Files.readString(COMPOSE.resolve("images/trino/Dockerfile"))).contains("ARG BASE=trinodb/trino:476");
  }

  @Test
  void everyImageThatImagesShBuildsIsAServiceOfTheStack() throws Exception {
    String compose = Files.readString(COMPOSE.resolve("docker-compose.yml"));
    Process list = new ProcessBuilder(RepoDir.get().resolve("bin/images.sh").toString(), "list").start();
    List<String> components = new String(list.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();

    assertThat(list.waitFor()).isZero();
    assertThat(components).isNotEmpty().allSatisfy(component -> assertThat(compose)
        .contains("dockerfile: compose/images/" + component + "/Dockerfile", "image: lakehouse/" + component + ":dev"));
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

  /** The streams-app image before its fix: its .dockerignore kept out the jvm.options its Dockerfile copies. */
  @Test
  void theCheckReportsACopiedFileTheDockerignoreLeavesOutAndABaseThatIsNoArgument(@TempDir Path dir) throws Exception {
    Files.createDirectories(dir.resolve("app/target"));
    Files.writeString(dir.resolve("app/pom.xml"), "<project/>");
    Files.writeString(dir.resolve("app/jvm.options"), "-XX:+UseSerialGC\n");
    Files.createDirectories(dir.resolve("compose/images/app"));
    Files.writeString(dir.resolve("compose/images/app/Dockerfile"), """
        FROM eclipse-temurin:17-jre-noble
        COPY app/target/app.jar /opt/app/app.jar
        COPY app/jvm.options /opt/app/jvm.options
        USER app
        """);
    Files.writeString(dir.resolve("compose/images/app/Dockerfile.dockerignore"), "*\n!app/target/app.jar\n");
    Path compose = dir.resolve("compose/docker-compose.yml");
    Files.writeString(compose, """
        services:
          app:
            build:
              context: ..
              dockerfile: compose/images/app/Dockerfile
            image: lakehouse/app:dev
        """);

    ProjectVenv.Result result = check(compose);

    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.output())
        .contains("services/app/build: COPY source app/jvm.options is left out of the build context by "
            + "Dockerfile.dockerignore")
        .contains("services/app/build: Dockerfile does not take its base image as the build argument BASE")
        .doesNotContain("COPY source app/target/app.jar");
  }

  private static ProjectVenv.Result check(Path composeFile) throws Exception {
    return ProjectVenv.run(60, COMPOSE.resolve("check_compose.py").toString(), composeFile.toString());
  }
}
