package dev.lakehouse.connect.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.testkit.FreePorts;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ConnectConfigCliTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cli = ConnectConfigCli.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }

  @Test
  void anUnreachableWorkerIsNamedWithItsUrlAndExitCode3() {
    String url = "http://127.0.0.1:" + FreePorts.pick();

    int exit = run("status", "--connect-url", url);

    assertThat(exit).isEqualTo(ExitCode.UNREACHABLE.code());
    assertThat(err.toString()).startsWith("Cannot reach Kafka Connect at " + url + ": ")
        .contains("; is the worker running?");
  }

  @Test
  void helpListsTheVerbs() {
    int exit = run("--help");

    assertThat(exit).isZero();
    assertThat(out.toString()).contains("apply", "validate", "status", "delete");
    // picocli wraps the exit code list: compare with the line breaks as spaces
    assertThat(out.toString().replaceAll("\\s+", " "))
        .contains("2 " + ExitCode.INVALID.meaning() + "; also a config that Kafka Connect's validation or the sink checks refuse")
        .contains("3 " + ExitCode.UNREACHABLE.meaning() + "; Kafka Connect unreachable or the sink plugin missing");
  }

  @Test
  void anUnknownEnvironmentIsAUsageError() {
    int exit = run("validate", "--env", "prod");

    assertThat(exit).isEqualTo(ExitCode.INVALID.code());
    assertThat(err.toString()).contains("unknown environment 'prod'; use one of [local, aws]");
  }

  @Test
  void aMissingAwsValueIsAnInvalidConfigRefusedBeforeAnyCallToTheWorker() {
    int exit = run("validate", "--env", "aws", "--connect-url", "http://127.0.0.1:1", "--region", "eu-west-1");

    assertThat(exit).isEqualTo(ExitCode.INVALID.code());
    assertThat(err.toString()).contains("no value for {{bootstrap.servers}}, {{warehouse}}");
  }
}
