package dev.lakehouse.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.conventions.ExitCode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class AppTest {
  @TempDir
  Path dir;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  @Test
  void printsHelpWithTheExitCodes() {
    int exit = run(Map.of(), "--help");

    assertThat(exit).isZero();
    assertThat(out.toString())
        .contains("--config=<file>")
        .contains("--print-config");
    // picocli wraps the exit code list: compare with the line breaks as spaces
    assertThat(out.toString().replaceAll("\\s+", " "))
        .contains("1 " + ExitCode.FAILED.meaning() + "; Kafka Streams stopped in ERROR")
        .contains("2 " + ExitCode.INVALID.meaning())
        .contains("3 " + ExitCode.UNREACHABLE.meaning() + "; Kafka unreachable or topics missing at startup")
        .contains("exits with 143");
  }

  @Test
  void printsTheEffectiveConfigWithSecretsHidden() throws Exception {
    Path file = Files.writeString(dir.resolve("app.properties"),
        "kafka.bootstrap.servers=broker:9092\nkafka.sasl.jaas.config=secret-jaas\nwindow.grace=5m\n");

    int exit = run(Map.of("LAKEHOUSE_STREAMS_KAFKA_SSL_KEY_PASSWORD", "pw123"),
        "--config", file.toString(), "--print-config");

    assertThat(exit).isZero();
    assertThat(out.toString())
        .contains("kafka.bootstrap.servers=broker:9092\n")
        .contains("kafka.sasl.jaas.config=[hidden]\n")
        .contains("kafka.ssl.key.password=[hidden]\n")
        .contains("window.grace=5m\n")
        .contains("# Kafka Streams properties derived from them\n")
        .contains("processing.guarantee=exactly_once_v2\n")
        .contains("sasl.jaas.config=[hidden]\n")
        .doesNotContain("secret-jaas")
        .doesNotContain("pw123");
  }

  @Test
  void rejectsBadSettingsWithExitCode2AndTheReasonOnStderr() {
    int exit = run(Map.of("LAKEHOUSE_STREAMS_WINDOW_GRACE", "soon"), "--print-config");

    assertThat(exit).isEqualTo(2);
    assertThat(err.toString())
        .isEqualTo("Cannot start: Cannot use window.grace=soon: expected a duration such as 500ms, 90s, 2m, 1h, 7d "
            + "or PT2M" + System.lineSeparator());
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void rejectsUnknownOptionsWithExitCode2() {
    int exit = run(Map.of(), "--confg", "x");

    assertThat(exit).isEqualTo(2);
    assertThat(err.toString()).contains("Unknown options: '--confg', 'x'").contains("Possible solutions: --config");
  }

  private int run(Map<String, String> environment, String... args) {
    CommandLine commandLine = App.commandLine(environment);
    commandLine.setOut(new PrintWriter(out));
    commandLine.setErr(new PrintWriter(err));
    int exit = commandLine.execute(args);
    commandLine.getOut().flush();
    commandLine.getErr().flush();
    return exit;
  }
}
