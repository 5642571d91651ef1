package dev.lakehouse.e2e.harness;

import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The independent accounting checker ({@code checker/}, Python: pyiceberg, confluent-kafka, fastavro;
 * none of the project's Java code) on a running stack: every table equals its topic row for row,
 * every input record accounted for exactly once.
 */
public final class IndependentCheck {
  private IndependentCheck() {}

  public record Result(int exitCode, String output) {}

  /**
   * The checker's Python modules in the venv ({@link dev.lakehouse.testkit.Prerequisites}): call it before the run it
   * judges, so that a missing venv skips (or, in CI, fails) the test at once, not after minutes of
   * pipeline and the oracle's verdict.
   */
  public static void require() throws IOException, InterruptedException {
    ProjectVenv.requireModules("pyiceberg", "confluent_kafka", "fastavro");
  }

  /**
   * Runs the checker against the stack's data folder with {@code options} (e.g. {@code --strict});
   * its report goes to {@code <data>/independent-check.txt}. {@link #require} first.
   */
  public static Result run(PipelineStack stack, Duration timeout, String... options) throws IOException, InterruptedException {
    Path script = RepoDir.get().resolve("checker/bin/lakehouse-check");
    Path report = stack.config().dataDir().resolve("independent-check.txt");
    List<String> command = new ArrayList<>(List.of(script.toString(), "--data-dir", stack.config().dataDir().toString()));
    command.addAll(List.of(options));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(report.toFile()).start();
    if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("The independent checker did not finish within " + timeout + "; see " + report);
    }
    return new Result(process.exitValue(), Files.readString(report, StandardCharsets.UTF_8));
  }
}
