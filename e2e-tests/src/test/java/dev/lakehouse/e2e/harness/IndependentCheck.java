package dev.lakehouse.e2e.harness;

import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The independent accounting checker ({@code checker/}, Python: pyiceberg, confluent-kafka, fastavro;
 * none of the project's Java code) on a running stack: every table equals its topic row for row,
 * every input record accounted for exactly once.
 */
public final class IndependentCheck {
  private IndependentCheck() {}

  public record Result(int exitCode, String output) {}

  /** Runs the checker against the stack's data folder; its report goes to {@code <data>/independent-check.txt}. */
  public static Result run(PipelineStack stack, Duration timeout) throws IOException, InterruptedException {
    Path repo = RepoDir.get();
    Path script = repo.resolve("checker/bin/lakehouse-check");
    ProjectVenv.requireModules("pyiceberg", "confluent_kafka", "fastavro");
    Path report = stack.config().dataDir().resolve("independent-check.txt");
    Process process = new ProcessBuilder(script.toString(), "--data-dir", stack.config().dataDir().toString())
        .redirectErrorStream(true).redirectOutput(report.toFile()).start();
    if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("The independent checker did not finish within " + timeout + "; see " + report);
    }
    return new Result(process.exitValue(), Files.readString(report, StandardCharsets.UTF_8));
  }
}
