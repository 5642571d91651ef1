package dev.lakehouse.conventions;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;
import picocli.CommandLine;

class ExitCodeTest {
  @Test
  void theCodesAreTheDocumentedOnes() {
    assertThat(Arrays.stream(ExitCode.values()).map(ExitCode::code)).containsExactly(0, 1, 2, 3);
    assertThat(ExitCode.OK.code()).isEqualTo(CommandLine.ExitCode.OK);
    // picocli's own codes for a bad option and for an exception that no handler maps
    assertThat(ExitCode.INVALID.code()).isEqualTo(CommandLine.ExitCode.USAGE);
    assertThat(ExitCode.FAILED.code()).isEqualTo(CommandLine.ExitCode.SOFTWARE);
  }

  @Test
  void theReadmeTableSaysWhatEachCodeMeans() {
    Map<Integer, String> documented = readmeTable();

    for (ExitCode exit : ExitCode.values()) {
      assertThat(documented).as("README exit code %d", exit.code()).containsEntry(exit.code(), exit.meaning());
    }
  }

  @Test
  void aServiceThatDidNotAnswerIsUnreachableHoweverDeepTheCause() {
    RuntimeException refused = new RuntimeException("Cannot list tables",
        new IllegalStateException("Unable to execute HTTP request", new ConnectException("Connection refused")));

    assertThat(ExitCode.ofFailure(refused)).isEqualTo(ExitCode.UNREACHABLE);
    assertThat(ExitCode.ofFailure(new UncheckedIOException(new UnknownHostException("glue.nowhere")))).isEqualTo(ExitCode.UNREACHABLE);
    assertThat(ExitCode.ofFailure(new IllegalStateException("commit failed"))).isEqualTo(ExitCode.FAILED);
    assertThat(ExitCode.ofFailure(new IOException("disk full"))).isEqualTo(ExitCode.FAILED);
  }

  @Command(name = "tool", subcommands = Sub.class, mixinStandardHelpOptions = true)
  static final class Tool {}

  @Command(name = "sub", mixinStandardHelpOptions = true)
  static final class Sub {}

  @Test
  void everyCommandsHelpListsTheCodesWithItsOwnDetail() {
    CommandLine cli = ExitCode.describeIn(new CommandLine(new Tool()), Map.of(ExitCode.FAILED, "a task failed"));

    for (String help : new String[] {cli.getUsageMessage(), cli.getSubcommands().get("sub").getUsageMessage()}) {
      // picocli wraps the list: compare with the line breaks as spaces
      assertThat(help.replaceAll("\\s+", " ")).contains("Exit codes:")
          .contains("0 done")
          .contains("1 " + ExitCode.FAILED.meaning() + "; a task failed")
          .contains("2 " + ExitCode.INVALID.meaning())
          .contains("3 " + ExitCode.UNREACHABLE.meaning());
    }
  }

  /** The rows "| code | meaning | ... |" under the README's "## Exit codes". */
  private static Map<Integer, String> readmeTable() {
    String readme;
    try {
      readme = Files.readString(RepoDir.get().resolve("README.md"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String section = readme.substring(readme.indexOf("## Exit codes"));
    Map<Integer, String> rows = new LinkedHashMap<>();
    Matcher row = Pattern.compile("(?m)^\\| (\\d+) \\| ([^|]+?) \\|").matcher(section);
    while (row.find()) {
      rows.put(Integer.parseInt(row.group(1)), row.group(2));
    }
    return rows;
  }
}
