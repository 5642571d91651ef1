package dev.lakehouse.deploy.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * The tools the deployment's checks run, as `./lakehouse setup` installs them: helm
 * (deploy/bin/install-helm.sh), the project venv (.venv: kubernetes-validate, cfn-lint, moto) and
 * checkov's own venv (.venv-checkov). A missing tool skips a test on a developer's machine, saying how
 * to install it, and fails it in CI (CI=true), so CI never passes by skipping.
 */
public final class Tools {
  private static final Pattern HELM_VERSION = Pattern.compile("(?m)^HELM_VERSION=(\\S+)$");

  private Tools() {}

  public static Path repo() {
    String configured = System.getProperty("lakehouse.repo.dir");
    return (configured == null ? Path.of("..") : Path.of(configured)).toAbsolutePath().normalize();
  }

  public static Path helm() throws IOException {
    Path script = repo().resolve("deploy/bin/install-helm.sh");
    Matcher version = HELM_VERSION.matcher(Files.readString(script));
    if (!version.find()) {
      throw new IllegalStateException("Cannot find HELM_VERSION=... in " + script);
    }
    return require(repo().resolve("tools/helm-" + version.group(1) + "/bin/helm"), script + " installs it");
  }

  /** An executable of the project venv (.venv, requirements-dev.txt). */
  public static Path venv(String executable) {
    return require(repo().resolve(".venv/bin/" + executable), "./lakehouse setup creates .venv (requirements-dev.txt)");
  }

  public static Path checkov() {
    return require(repo().resolve(".venv-checkov/bin/checkov"),
        "./lakehouse setup creates .venv-checkov (bin/cached-venv.sh .venv-checkov deploy/requirements-checkov.txt)");
  }

  private static Path require(Path executable, String howToGetIt) {
    if (Files.isExecutable(executable)) {
      return executable;
    }
    String missing = executable + " is missing; " + howToGetIt;
    if ("true".equalsIgnoreCase(System.getenv("CI"))) {
      throw new AssertionError("Cannot run this test in CI: " + missing);
    }
    Assumptions.abort("Skipped: " + missing);
    return executable;
  }

  /** Runs a command to its end (at most {@code timeoutSeconds}) with its output and errors in one string. */
  public static Result run(List<String> command, Map<String, String> environment, int timeoutSeconds)
      throws IOException, InterruptedException {
    Path output = Files.createTempFile("deploy-check", ".log");
    try {
      ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true)
          .redirectOutput(output.toFile());
      builder.environment().putAll(environment);
      Process process = builder.start();
      if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("Cannot run " + command + ": no exit within " + timeoutSeconds + " s");
      }
      return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(output);
    }
  }

  public static Result run(List<String> command) throws IOException, InterruptedException {
    return run(command, Map.of(), 300);
  }

  public record Result(int exitCode, String output) {}
}
