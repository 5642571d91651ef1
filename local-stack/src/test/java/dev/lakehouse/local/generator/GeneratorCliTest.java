package dev.lakehouse.local.generator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;
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
}
