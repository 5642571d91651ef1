package dev.lakehouse.local.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.testkit.RepoDir;
import dev.lakehouse.testkit.TrinoScripts;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code local-stack/trino/sql} ({@code ./lakehouse sql}): its options are checked before Trino is
 * needed. The formats themselves, on a real Trino, are checked in e2e-tests' DbtOnLandedDataIT.
 */
class SqlScriptTest {
  record Run(int exit, String out, String err) {}

  private static Run run(String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("/bin/bash", TrinoScripts.script(RepoDir.get(), "sql").toString()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.PIPE).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("sql finished").isTrue();
    return new Run(process.exitValue(), out, err);
  }

  @Test
  void helpListsTheFormatsAndTheirDefaults() throws Exception {
    Run run = run("--help");

    assertThat(run.exit()).isZero();
    assertThat(run.out()).startsWith("Usage: sql [--format table|csv|json] \"<query>\"")
        .containsPattern("(?m)^  table .*the default on a terminal$")
        .containsPattern("(?m)^  csv .*the default when stdout is not a terminal$")
        .containsPattern("(?m)^  json ");
  }

  @Test
  void anUnknownFormatIsInvalidAndNamesTheAcceptedOnes() throws Exception {
    assertThat(run("--format", "xml", "select 1")).isEqualTo(new Run(ExitCode.INVALID.code(), "",
        "Cannot run SQL with --format xml: the formats are table, csv, json\nRun sql --help for the options.\n"));
    assertThat(run("select 1", "--format=XML").err()).as("after the query too")
        .startsWith("Cannot run SQL with --format XML: the formats are table, csv, json");
  }

  @Test
  void aFormatWithoutValueOrNoQueryIsInvalid() throws Exception {
    Run noValue = run("select 1", "--format");
    Run noQuery = run("--format", "csv");

    assertThat(noValue.exit()).isEqualTo(ExitCode.INVALID.code());
    assertThat(noValue.err()).startsWith("Cannot run SQL: --format needs a value (table, csv, json)");
    assertThat(noQuery.exit()).isEqualTo(ExitCode.INVALID.code());
    assertThat(noQuery.err()).startsWith("Cannot run SQL: give a query (sql \"<query>\") or a file (sql --file <file.sql>)");
  }
}
