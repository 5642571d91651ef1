package dev.lakehouse.local.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.testkit.SqlScript;
import org.junit.jupiter.api.Test;

/**
 * {@code local-stack/trino/sql} ({@code ./lakehouse sql}): its options are checked before Trino is
 * needed. The formats themselves, on a real Trino, are checked in e2e-tests' DbtOnLandedDataIT.
 */
class SqlScriptTest {
  @Test
  void helpListsTheFormatsAndTheirDefaults() throws Exception {
    SqlScript.Result run = SqlScript.run("--help");

    assertThat(run.exit()).isZero();
    assertThat(run.out()).startsWith("Usage: sql [--format table|csv|json] \"<query>\"")
        .containsPattern("(?m)^  table .*the default on a terminal$")
        .containsPattern("(?m)^  csv .*the default when stdout is not a terminal$")
        .containsPattern("(?m)^  json ");
  }

  @Test
  void anUnknownFormatIsInvalidAndNamesTheAcceptedOnes() throws Exception {
    assertThat(SqlScript.run("--format", "xml", "select 1")).isEqualTo(new SqlScript.Result(ExitCode.INVALID.code(), "",
        "Cannot run SQL with --format xml: the formats are table, csv, json\nRun sql --help for the options.\n"));
    assertThat(SqlScript.run("select 1", "--format=XML").err()).as("after the query too")
        .startsWith("Cannot run SQL with --format XML: the formats are table, csv, json");
  }

  @Test
  void aFormatWithoutValueOrNoQueryIsInvalid() throws Exception {
    SqlScript.Result noValue = SqlScript.run("select 1", "--format");
    SqlScript.Result noQuery = SqlScript.run("--format", "csv");

    assertThat(noValue.exit()).isEqualTo(ExitCode.INVALID.code());
    assertThat(noValue.err()).startsWith("Cannot run SQL: --format needs a value (table, csv, json)");
    assertThat(noQuery.exit()).isEqualTo(ExitCode.INVALID.code());
    assertThat(noQuery.err()).startsWith("Cannot run SQL: give a query (sql \"<query>\") or a file (sql --file <file.sql>)");
  }
}
