package dev.lakehouse.generator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.conventions.DurationFormat;
import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.testkit.FreePorts;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

class GeneratorCliTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cli = GeneratorCli.commandLine();
    cli.setOut(new PrintWriter(out));
    cli.setErr(new PrintWriter(err));
    return cli.execute(args);
  }

  @Test
  void helpListsTheOptions() {
    assertThat(run("--help")).isZero();
    assertThat(out.toString()).contains("--events", "--beyond-grace-fraction", "--follow-group", "--manifest");
    // picocli wraps the exit code list: compare with the line breaks as spaces
    assertThat(out.toString().replaceAll("\\s+", " "))
        .contains("2 " + ExitCode.INVALID.meaning())
        .contains("3 " + ExitCode.UNREACHABLE.meaning() + "; Kafka did not answer in time, or an input topic is missing");
  }

  @Test
  void badSettingsAreUsageErrorsNamingTheKey() {
    assertThat(run("--max-disorder", "5m", "--bootstrap-servers", "127.0.0.1:1")).isEqualTo(ExitCode.INVALID.code());
    assertThat(err.toString()).contains("Cannot configure the generator: max-disorder=5m must be at most half the grace (2m)");
  }

  @Test
  void readsShortDurations() {
    CommandLine cli = GeneratorCli.commandLine();
    cli.parseArgs("--grace", "3m", "--max-disorder", "500ms", "--no-tail");
    GeneratorCli command = cli.getCommand();
    GeneratorConfig config = command.toConfig();
    assertThat(config.grace()).isEqualTo(Duration.ofMinutes(3));
    assertThat(config.maxDisorder()).isEqualTo(Duration.ofMillis(500));
    assertThat(config.tail()).isFalse();
  }

  @Test
  void theClientConfigReachesTheProducerAndProducerPropertiesOverrideIt(@TempDir Path dir) throws Exception {
    Path clientConfig = Files.writeString(dir.resolve("client.properties"), String.join("\n",
        "security.protocol=SASL_SSL",
        "sasl.mechanism=SCRAM-SHA-512",
        "config.providers=env",
        "sasl.jaas.config=${env:GENERATOR_SASL_JAAS_CONFIG}"));
    CommandLine cli = GeneratorCli.commandLine();
    cli.parseArgs("--client-config", clientConfig.toString(), "--producer-property", "sasl.mechanism=SCRAM-SHA-256");
    GeneratorCli command = cli.getCommand();

    assertThat(command.toConfig().producerOverrides()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "security.protocol", "SASL_SSL",
        "sasl.mechanism", "SCRAM-SHA-256",
        "config.providers", "env",
        "sasl.jaas.config", "${env:GENERATOR_SASL_JAAS_CONFIG}"));
  }

  @Test
  void aMissingClientConfigIsAUsageErrorNamingTheFile(@TempDir Path dir) {
    Path missing = dir.resolve("missing.properties");
    assertThat(run("--client-config", missing.toString(), "--bootstrap-servers", "127.0.0.1:1")).isEqualTo(ExitCode.INVALID.code());
    assertThat(err.toString()).contains("Cannot read the Kafka client config " + missing);
  }

  @Test
  void aBrokerThatDoesNotAnswerIsUnreachable(@TempDir Path dir) {
    int exit = run("--bootstrap-servers", "127.0.0.1:" + FreePorts.pick(), "--producer-property", "max.block.ms=1000",
        "--events", "10", "--no-tail", "--manifest", dir.resolve("manifest.json").toString());

    assertThat(exit).isEqualTo(ExitCode.UNREACHABLE.code());
    assertThat(err.toString()).startsWith("generator: Cannot produce the generated records: ")
        .contains("(is the broker at the configured bootstrap servers and do the topics exist?)");
  }

  @ParameterizedTest(name = "\"{0}\" = {1}")
  @MethodSource("dev.lakehouse.conventions.DurationTable#valid")
  void durationOptionsReadTheProjectsDurationFormat(String text, Duration expected) {
    CommandLine cli = GeneratorCli.commandLine();
    cli.parseArgs("--grace", text, "--follow-timeout", text);
    GeneratorCli command = cli.getCommand();

    assertThat(command.grace).isEqualTo(expected);
    assertThat(command.followTimeout).isEqualTo(expected);
  }

  @ParameterizedTest(name = "\"{0}\"")
  @MethodSource("dev.lakehouse.conventions.DurationTable#invalid")
  void durationOptionsRefuseWhatIsNotADurationNamingTheOption(String text) {
    assertThat(run("--grace", text)).isEqualTo(ExitCode.INVALID.code());
    assertThat(err.toString()).contains("Invalid value for option '--grace': expected " + DurationFormat.EXPECTED
        + ", not '" + text + "'");
  }
}
