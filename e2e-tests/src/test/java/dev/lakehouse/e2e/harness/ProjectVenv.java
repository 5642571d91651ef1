package dev.lakehouse.e2e.harness;

import dev.lakehouse.testkit.DbtProject;
import dev.lakehouse.testkit.Prerequisites;
import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The project's Python venv ({@code <repo>/.venv}: dbt, pytest, moto and the checks written in
 * Python, from requirements-dbt.txt and requirements-dev.txt; {@code ./lakehouse setup} creates it).
 */
public final class ProjectVenv {
  private ProjectVenv() {}

  public static Path executable(String name) {
    return DbtProject.venvExecutable(RepoDir.get(), name);
  }

  public static Path python() {
    return executable("python");
  }

  /** Requires (see {@link Prerequisites}) a venv that can import every given module. */
  public static void requireModules(String... modules) throws IOException, InterruptedException {
    Prerequisites.require(Files.isExecutable(python()), python() + " is missing; ./lakehouse setup creates it"
        + " (pip install -r requirements-dev.txt)");
    Result result = run(30, "-c", "import " + String.join(", ", modules));
    Prerequisites.require(result.exitCode() == 0, "the venv lacks " + String.join(", ", modules)
        + "; install them with .venv/bin/pip install -r requirements-dev.txt (" + result.output().strip() + ")");
  }

  /** Requires (see {@link Prerequisites}) dbt in the venv. */
  public static void requireDbt() {
    Path dbt = executable("dbt");
    Prerequisites.require(Files.isExecutable(dbt), dbt + " is missing; ./lakehouse setup installs it");
  }

  /** {@code python args...}, its output and exit code; fails when it does not exit in time. */
  public static Result run(int timeoutSeconds, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(python().toString());
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("Cannot run " + command + ": no exit within " + timeoutSeconds + " s");
    }
    return new Result(process.exitValue(), new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
  }

  /** {@code .venv/bin/<executable> args...}, run in the dbt project with the profile's settings for a Trino on {@code trinoPort}. */
  public static ProcessBuilder inDbtProject(int trinoPort, String executable, String... args) {
    Path repo = RepoDir.get();
    List<String> command = new ArrayList<>();
    command.add(executable(executable).toString());
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).directory(DbtProject.dir(repo).toFile());
    Map<String, String> env = builder.environment();
    env.putAll(DbtProject.environment(repo, trinoPort));
    env.remove("DBT_TEST_SEED");
    return builder;
  }

  public record Result(int exitCode, String output) {}
}
