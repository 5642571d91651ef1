package dev.lakehouse.local.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./lakehouse} (bash) exits with the project's codes too. */
class LauncherScriptTest {
  private static final Path SCRIPT = RepoDir.get().resolve("lakehouse");

  record Run(int exit, String err) {}

  private static Run run(Map<String, String> env, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("/bin/bash", SCRIPT.toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().putAll(env);
    Process process = builder.redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("./lakehouse finished").isTrue();
    return new Run(process.exitValue(), err);
  }

  @Test
  void theScriptsCodesAreTheProjectsTable() throws IOException {
    Matcher declared = Pattern.compile("readonly EXIT_FAILED=(\\d+) EXIT_INVALID=(\\d+) EXIT_UNREACHABLE=(\\d+)")
        .matcher(Files.readString(SCRIPT));

    assertThat(declared.find()).as("the exit codes declared in " + SCRIPT).isTrue();
    assertThat(List.of(declared.group(1), declared.group(2), declared.group(3))).containsExactly(
        Integer.toString(ExitCode.FAILED.code()), Integer.toString(ExitCode.INVALID.code()),
        Integer.toString(ExitCode.UNREACHABLE.code()));
  }

  @Test
  void anUnknownCommandIsInvalid() throws Exception {
    Run run = run(Map.of(), "stat");

    assertThat(run.exit()).isEqualTo(ExitCode.INVALID.code());
    assertThat(run.err()).contains("Cannot run lakehouse stat: no such command");
  }

  @Test
  void noJavaIsAMissingTool(@TempDir Path bin) throws Exception {
    // a PATH with only what the script needs before it looks for Java
    Files.createSymbolicLink(bin.resolve("dirname"), Path.of("/usr/bin/dirname"));

    Run run = run(Map.of("PATH", bin.toString(), "JAVA_HOME", ""), "status");

    assertThat(run.exit()).isEqualTo(ExitCode.UNREACHABLE.code());
    assertThat(run.err()).startsWith("Cannot run lakehouse: Java 17 or newer is required, but no java was found");
  }

  @Test
  void setupWritesNoEscapeCodesWhenNotOnATerminal(@TempDir Path dir) throws Exception {
    // a PATH with what setup needs, no python3 (skips .venv) and an mvn that runs the real Maven
    Path bin = Files.createDirectories(dir.resolve("bin"));
    for (String tool : List.of("bash", "dirname", "mkdir", "tee", "sed", "grep", "tail", "cat")) {
      Files.createSymbolicLink(bin.resolve(tool), Path.of("/usr/bin", tool));
    }
    Path mvn = bin.resolve("mvn");
    Files.writeString(mvn, "#!/bin/bash\nPATH=\"$REAL_PATH\" mvn -B -v\n"
        + "echo '[INFO] Building fake 1.0 [1/1]'\necho '[INFO] BUILD SUCCESS'\n");
    assertThat(mvn.toFile().setExecutable(true)).isTrue();
    Path trino = Files.createDirectories(dir.resolve("trino"));
    Files.createFile(trino.resolve(".installed"));
    Path data = dir.resolve("data");
    ProcessBuilder setup = new ProcessBuilder("/bin/bash", SCRIPT.toString(), "setup")
        .redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile());
    setup.environment().putAll(Map.of("PATH", bin.toString(), "REAL_PATH", System.getenv("PATH"),
        "JAVA_HOME", System.getProperty("java.home"), "TRINO_HOME", trino.toString(), "LAKEHOUSE_DATA_DIR", data.toString()));

    Process process = setup.start();

    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("./lakehouse setup finished").isTrue();
    String out = Files.readString(dir.resolve("out.txt"));
    assertThat(process.exitValue()).as(out).isZero();
    assertThat(out).as("what setup printed").contains("      [1/1] fake", "Setup done in").doesNotContain("\u001b");
    assertThat(Files.readString(data.resolve("logs/setup-maven.log"))).as("Maven's output in the setup log")
        .contains("Apache Maven").doesNotContain("\u001b");
  }
}
