package dev.lakehouse.peerflink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.conventions.ExitCode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class FlinkPeerTest {

  @Test
  void helpListsTheProjectsExitCodes() {
    StringWriter out = new StringWriter();
    CommandLine cli = FlinkPeer.commandLine();
    cli.setOut(new PrintWriter(out));

    assertThat(cli.execute("--help")).isZero();
    String help = out.toString().replaceAll("\\s+", " ");
    assertThat(help).contains("Exit codes:", "--config");
    for (ExitCode code : ExitCode.values()) {
      assertThat(help).contains(code.code() + " " + code.meaning().split(" ")[0]);
    }
    assertThat(help).contains("143 when stopped with SIGTERM");
  }

  @Test
  void aBadSettingStopsItBeforeTheJobStartsWithExitCode2(@TempDir Path dir) throws Exception {
    Path config = Files.writeString(dir.resolve("peer.properties"), "window.grace=soon\n");

    assertThat(FlinkPeer.commandLine().execute("--config", config.toString())).isEqualTo(ExitCode.INVALID.code());
  }
}
