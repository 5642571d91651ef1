package dev.lakehouse.e2e.containers;

import dev.lakehouse.testkit.Prerequisites;
import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The podman command line, as the project's own scripts prepare it ({@code bin/images.sh}: podman
 * installed, the Debian-built base images cached per machine, then the images built from the
 * modules' {@code target/}). A test that needs containers skips without podman on a developer's
 * machine and fails in CI ({@link Prerequisites}).
 */
public final class Podman {
  private static final Duration COMMAND_TIMEOUT = Duration.ofMinutes(2);
  private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(20);

  private Podman() {}

  /** The result of one podman command: exit code and output (stdout and stderr). */
  public record Result(int exitCode, String output) {
    public Result requireSuccess(String action) {
      if (exitCode != 0) {
        throw new IllegalStateException("Cannot " + action + ": podman exited with " + exitCode + ": " + output.strip());
      }
      return this;
    }
  }

  /**
   * Builds {@code lakehouse/<component>:dev} of each component with {@code bin/images.sh build} (the
   * bases first, once per machine) and returns the seconds it took; skips or fails the test when
   * podman cannot be had (not root, no apt-get).
   */
  public static long buildImages(String... components) throws IOException, InterruptedException {
    Path repo = RepoDir.get();
    List<String> command = new ArrayList<>(List.of(repo.resolve("bin/images.sh").toString(), "build"));
    command.addAll(List.of(components));
    long started = System.nanoTime();
    Result result = run(command, BUILD_TIMEOUT);
    // 3: podman, runc or debootstrap missing and not installable here (images.sh names them)
    Prerequisites.require(result.exitCode() != 3, "podman: " + result.output().strip());
    result.requireSuccess("build the images " + String.join(", ", components) + " (bin/images.sh build)");
    return TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
  }

  /** {@code podman <args>}, waiting at most two minutes. */
  public static Result podman(String... args) throws IOException, InterruptedException {
    return podman(List.of(args), Map.of(), COMMAND_TIMEOUT);
  }

  /**
   * {@code podman <args>} with these variables in podman's environment: {@code run -e NAME} passes
   * one on to the container without its value on any command line.
   */
  public static Result podman(List<String> args, Map<String, String> env, Duration timeout)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("podman"));
    command.addAll(args);
    return run(command, env, timeout);
  }

  private static Result run(List<String> command, Duration timeout) throws IOException, InterruptedException {
    return run(command, Map.of(), timeout);
  }

  private static Result run(List<String> command, Map<String, String> env, Duration timeout)
      throws IOException, InterruptedException {
    Path output = Files.createTempFile("podman-", ".log");
    try {
      ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
      builder.environment().putAll(env);
      Process process = builder.start();
      if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
        throw new IllegalStateException("Cannot run " + String.join(" ", command) + ": it did not finish within "
            + timeout + "; its output: " + Files.readString(output, StandardCharsets.UTF_8));
      }
      return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(output);
    }
  }
}
