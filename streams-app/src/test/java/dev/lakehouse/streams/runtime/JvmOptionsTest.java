package dev.lakehouse.streams.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class JvmOptionsTest {
  @Test
  void areOptionsWithoutTheFilesComments() {
    assertThat(JvmOptions.recommended()).isNotEmpty()
        .allSatisfy(option -> assertThat(option).matches("-XX:\\S+|-D\\S+=\\S+"));
  }

  @Test
  void startThisJvm() throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(JvmOptions.recommended());
    command.add("-version");
    Process java = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(java.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(java.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(java.exitValue()).as(output).isZero();
  }
}
