package dev.lakehouse.testkit;

import java.io.File;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A process a test started, its output appended to a log file. {@link #close} stops it the gentle
 * way (SIGTERM, so it can flush its logs, then SIGKILL); {@link #kill} is a crash.
 */
public final class ChildProcess implements AutoCloseable {
  private static final Duration CLOSE_GRACE = Duration.ofSeconds(15);

  private final Process process;
  private final Path log;

  private ChildProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  public static ChildProcess start(List<String> command, Path log, Map<String, String> env) throws IOException {
    Files.createDirectories(log.toAbsolutePath().getParent());
    ProcessBuilder builder = new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(Redirect.appendTo(log.toFile()))
        .redirectInput(Redirect.from(new File("/dev/null")));
    builder.environment().putAll(env);
    return new ChildProcess(builder.start(), log);
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** CPU time the process has used so far (user + system, all threads). */
  public Duration cpuTime() {
    return process.toHandle().info().totalCpuDuration()
        .orElseThrow(() -> new IllegalStateException("Cannot read the CPU time of process " + process.pid()));
  }

  public String log() throws IOException {
    return Files.readString(log);
  }

  /** The exit code; when it has not exited in time it is stopped, and its log is in the failure. */
  public int waitFor(Duration timeout) throws InterruptedException, IOException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      close();
      throw new IllegalStateException("Cannot wait longer than " + timeout.toSeconds() + " s for the process logging to "
          + log + ":\n" + log());
    }
    return process.exitValue();
  }

  /** SIGKILL, as a crash: no shutdown hook, no flush, no commit. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  /** SIGTERM, then its exit code; fails when it has not exited within {@code grace} (then it is killed). */
  public int stop(Duration grace) throws InterruptedException {
    process.destroy();
    if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
      kill();
      throw new IllegalStateException("Cannot stop the process logging to " + log + ": it did not exit within "
          + grace.toSeconds() + " s of SIGTERM (killed it)");
    }
    return process.exitValue();
  }

  @Override
  public void close() {
    stop(process, CLOSE_GRACE);
  }

  /** SIGTERM first, so it can flush its logs; SIGKILL when it has not exited within {@code grace}. */
  public static void stop(Process process, Duration grace) {
    process.destroy();
    try {
      if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
