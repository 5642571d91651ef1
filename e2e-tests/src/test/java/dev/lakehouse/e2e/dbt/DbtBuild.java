package dev.lakehouse.e2e.dbt;

import dev.lakehouse.e2e.harness.ProjectVenv;
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
 * {@code dbt build --target local} of the project into one schema on a stack's Trino, with dbt's
 * target and log folders under {@code workDir}: another test's dbt may run from the same project
 * at the same time. Without the project's unit tests: they read their fixtures, not the landed
 * tables, and dbt/bin/test.sh runs them (7 of a build's 81 nodes, a third of its time).
 */
public final class DbtBuild {
  private final int trinoPort;
  private final String schema;
  private final Path workDir;

  public DbtBuild(int trinoPort, String schema, Path workDir) {
    this.trinoPort = trinoPort;
    this.schema = schema;
    this.workDir = workDir;
  }

  public record Result(int exitCode, String output) {}

  /**
   * Runs one build (incremental models stay incremental: no --full-refresh) and returns its exit code and output.
   *
   * @param options more dbt options, e.g. {@code --vars "{source_schema: lakehouse_replay_1}"}
   */
  public Result run(Duration timeout, String... options) throws IOException, InterruptedException {
    Path output = Files.createDirectories(workDir).resolve("dbt-build.log");
    List<String> args = new ArrayList<>(List.of("build", "--target", "local", "--no-use-colors", "--exclude", "test_type:unit"));
    args.addAll(List.of(options));
    ProcessBuilder builder = ProjectVenv.inDbtProject(trinoPort, "dbt", args.toArray(String[]::new))
        .redirectErrorStream(true).redirectOutput(output.toFile());
    Map<String, String> env = builder.environment();
    env.put("DBT_SCHEMA", schema);
    env.put("DBT_TARGET_PATH", workDir.resolve("target").toString());
    env.put("DBT_LOG_PATH", workDir.resolve("logs").toString());
    env.put("DBT_SEND_ANONYMOUS_USAGE_STATS", "false");
    Process process = builder.start();
    if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("dbt build into " + schema + " did not finish within " + timeout
          + "; its output: " + output);
    }
    return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
  }
}
