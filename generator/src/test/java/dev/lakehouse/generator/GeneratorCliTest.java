package dev.lakehouse.generator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
  }

  @Test
  void badSettingsAreUsageErrorsNamingTheKey() {
    assertThat(run("--max-disorder", "5m", "--bootstrap-servers", "127.0.0.1:1")).isEqualTo(2);
    assertThat(err.toString()).contains("Cannot configure the generator: max-disorder=PT5M");
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
    assertThat(run("--client-config", missing.toString(), "--bootstrap-servers", "127.0.0.1:1")).isEqualTo(2);
    assertThat(err.toString()).contains("Cannot read the Kafka client config " + missing);
  }
}
