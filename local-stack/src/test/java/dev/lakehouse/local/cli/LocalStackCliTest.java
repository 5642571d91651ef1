package dev.lakehouse.local.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.conventions.ExitCode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The launcher's exit codes: the project's table. */
class LocalStackCliTest {
  @TempDir Path repo;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(Map<String, String> env, String... args) {
    Map<String, String> environment = new HashMap<>(env);
    environment.put("LAKEHOUSE_HOME", repo.toString());
    CommandLine cli = LocalStackCli.commandLine(environment);
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }

  @Test
  void aSettingThatDoesNotFitIsInvalidAndNamesItsVariable() {
    int exit = run(Map.of("LAKEHOUSE_KAFKA_PORT", "eighty"), "settings");

    assertThat(exit).isEqualTo(ExitCode.INVALID.code());
    assertThat(err.toString()).startsWith("Cannot use kafka.port='eighty': expected a whole number above 0; "
        + "set kafka.port in lakehouse.properties or the environment variable LAKEHOUSE_KAFKA_PORT");
  }

  @Test
  void anUnknownSettingOrComponentIsInvalid() {
    assertThat(run(Map.of(), "settings", "--get", "kafka.prot")).isEqualTo(ExitCode.INVALID.code());
    assertThat(run(Map.of(), "log-path", "brokers")).isEqualTo(ExitCode.INVALID.code());
    assertThat(err.toString())
        .contains("Cannot print setting 'kafka.prot': no such setting; ./lakehouse settings lists them")
        .contains("Cannot show the log of 'brokers': no such component; choose one of [services, connect,");
  }

  @Test
  void aMissingSettingsFileIsInvalid() {
    Path missing = repo.resolve("other.properties");

    assertThat(run(Map.of(), "ps", "--config", missing.toString())).isEqualTo(ExitCode.INVALID.code());
    assertThat(err.toString()).contains("Cannot read the settings file " + missing + ": no such file");
  }

  @Test
  void aGoodCommandIsDoneAndHelpListsTheCodes() {
    assertThat(run(Map.of("LAKEHOUSE_KAFKA_PORT", "29092"), "settings", "--get", "kafka.port")).isZero();
    assertThat(out.toString()).isEqualTo("29092" + System.lineSeparator());

    assertThat(run(Map.of(), "up", "--help")).isZero();
    // picocli wraps the exit code list: compare with the line breaks as spaces
    assertThat(out.toString().replaceAll("\\s+", " "))
        .contains("1 " + ExitCode.FAILED.meaning() + "; the stack could not do it")
        .contains("2 " + ExitCode.INVALID.meaning());
  }
}
