package dev.lakehouse.e2e.dbt;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/** A command of the project's Python venv (dbt, pytest, the dbt project's scripts) pointed at a stack's Trino. */
public final class ProjectVenvCommand {
  private ProjectVenvCommand() {}

  /** Skips the calling test when the venv has no dbt (./lakehouse setup installs it). */
  public static void assumeInstalled(Path repo) {
    Path dbt = repo.resolve(".venv/bin/dbt");
    Assumptions.assumeTrue(Files.isExecutable(dbt), "Skipped: " + dbt + " is missing; ./lakehouse setup installs it");
  }

  /** {@code .venv/bin/<executable> args...}, run in the dbt project with the profile's Trino settings. */
  public static ProcessBuilder of(Path repo, int trinoPort, String executable, String... args) {
    List<String> command = new ArrayList<>();
    command.add(repo.resolve(".venv/bin").resolve(executable).toString());
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(repo.resolve("dbt").toFile());
    Map<String, String> env = builder.environment();
    env.put("TRINO_HOST", "127.0.0.1");
    env.put("TRINO_PORT", Integer.toString(trinoPort));
    env.put("DBT_PROFILES_DIR", repo.resolve("dbt").toString());
    env.put("DBT_SEND_ANONYMOUS_USAGE_STATS", "false");
    env.remove("DBT_TEST_SEED");
    return builder;
  }
}
