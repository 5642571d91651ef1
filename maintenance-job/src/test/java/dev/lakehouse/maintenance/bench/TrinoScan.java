package dev.lakehouse.maintenance.bench;

import dev.lakehouse.testkit.FreePorts;
import dev.lakehouse.testkit.TrinoQuery;
import dev.lakehouse.testkit.TrinoScripts;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The scan as users run it: the local stack's Trino 476 (started through its own scripts, with the
 * warehouse's JDBC catalog and S3 endpoint) answering SQL over its REST protocol, timed by the
 * client from submit to last row ({@link TrinoQuery}). Needs {@code local-stack/trino/install.sh} to have run.
 */
final class TrinoScan implements AutoCloseable {
  private static final long SCRIPT_TIMEOUT_SECONDS = 300;

  private final Path repoDir;
  private final Map<String, String> environment;
  private final int port;

  private TrinoScan(Path repoDir, Map<String, String> environment, int port) {
    this.repoDir = repoDir;
    this.environment = environment;
    this.port = port;
  }

  /** @param dataDir the warehouse folder, laid out as {@code WarehouseLayout} ({@code catalog/iceberg.db}, {@code s3/}) */
  static TrinoScan start(Path repoDir, Path dataDir, int s3Port) throws IOException, InterruptedException {
    TrinoScripts.missing(repoDir).ifPresent(reason -> {
      throw new IllegalStateException("Cannot measure the Trino scan: Trino is " + reason
          + "; run local-stack/trino/install.sh (tools/ in " + repoDir + ")");
    });
    int port = FreePorts.pick();
    TrinoScan scan = new TrinoScan(repoDir, TrinoScripts.environment(dataDir, port, "http://127.0.0.1:" + s3Port), port);
    scan.runScript("start.sh");
    return scan;
  }

  private void runScript(String name) throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder("bash", TrinoScripts.script(repoDir, name).toString())
        .inheritIO().redirectInput(new File("/dev/null"));
    builder.environment().putAll(environment);
    Process process = builder.start();
    if (!process.waitFor(SCRIPT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("Cannot run local-stack/trino/" + name + ": not finished after " + SCRIPT_TIMEOUT_SECONDS + " s");
    }
    if (process.exitValue() != 0) {
      throw new IllegalStateException("Cannot run local-stack/trino/" + name + ": it exited with code " + process.exitValue());
    }
  }

  /** Best wall time of {@code repeats} runs of the query; every run's rows must equal {@code expected}. */
  double bestSeconds(String sql, List<List<String>> expected, int repeats) throws IOException, InterruptedException {
    double best = Double.MAX_VALUE;
    for (int i = 0; i < repeats; i++) {
      long start = System.nanoTime();
      List<List<String>> rows = query(sql);
      best = Math.min(best, (System.nanoTime() - start) / 1e9);
      if (!rows.equals(expected)) {
        throw new IllegalStateException("Cannot trust the Trino scan: " + sql + " returned " + rows + ", expected " + expected);
      }
    }
    return best;
  }

  List<List<String>> query(String sql) throws IOException, InterruptedException {
    return TrinoQuery.rows(port, sql);
  }

  @Override
  public void close() throws IOException, InterruptedException {
    runScript("stop.sh");
  }
}
