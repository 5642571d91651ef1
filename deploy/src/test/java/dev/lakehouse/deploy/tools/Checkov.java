package dev.lakehouse.deploy.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** checkov with the project's settings and written-down skips (deploy/checkov.yaml). */
public final class Checkov {
  private static final Pattern SUMMARY = Pattern.compile("Passed checks: (\\d+), Failed checks: (\\d+)");

  private Checkov() {}

  /** Scans the files with one framework and requires checks to have run and none to have failed. */
  public static void assertNoFailedCheck(String framework, List<Path> files) throws Exception {
    List<String> command = new ArrayList<>(List.of(Tools.checkov().toString(), "--config-file",
        Tools.repo().resolve("deploy/checkov.yaml").toString(), "--framework", framework));
    files.forEach(file -> command.addAll(List.of("-f", file.toString())));
    Tools.Result result = Tools.run(command, java.util.Map.of("BC_SKIP_MAPPING", "TRUE"), 600);

    Matcher summary = SUMMARY.matcher(result.output());
    assertThat(summary.find()).as("checkov's summary in: %s", result.output()).isTrue();
    assertThat(Integer.parseInt(summary.group(1))).as("checks that passed").isPositive();
    assertThat(Integer.parseInt(summary.group(2))).as("failed checks: %s", result.output()).isZero();
    assertThat(result.exitCode()).as(result.output()).isZero();
  }
}
