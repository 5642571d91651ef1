package dev.lakehouse.e2e.aws;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The project's Python venv (<repo>/.venv, packages of requirements-dev.txt), for the checks written in Python. */
final class ProjectVenv {
  private ProjectVenv() {}

  /** The repository root: the failsafe/surefire property lakehouse.repo.dir, else the parent of the module. */
  static Path repoDir() {
    return Path.of(System.getProperty("lakehouse.repo.dir", "..")).toAbsolutePath().normalize();
  }

  static Path python() {
    return repoDir().resolve(".venv/bin/python");
  }

  /** Skips the calling test, saying why, unless the venv has every given module. */
  static void assumeModules(String... modules) throws IOException, InterruptedException {
    assumeTrue(Files.isExecutable(python()), "Skipped: " + python() + " is missing; ./lakehouse setup creates it"
        + " (pip install -r requirements-dev.txt)");
    Result result = run(30, "-c", "import " + String.join(", ", modules));
    assumeTrue(result.exitCode() == 0, "Skipped: the venv lacks " + String.join(", ", modules)
        + "; install them with .venv/bin/pip install -r requirements-dev.txt (" + result.output().strip() + ")");
  }

  static Result run(int timeoutSeconds, String... args) throws IOException, InterruptedException {
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

  record Result(int exitCode, String output) {}
}
