package dev.lakehouse.peerflink.harness;

import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A JVM started by a test, with its output appended to a log file, that the test can kill like a crashing host. */
public final class ChildJvm implements AutoCloseable {
  private final String name;
  private final Process process;
  private final Path log;

  private ChildJvm(String name, Process process, Path log) {
    this.name = name;
    this.process = process;
    this.log = log;
  }

  public static ChildJvm start(String name, List<String> command, Map<String, String> environment, Path log)
      throws IOException {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(Redirect.appendTo(log.toFile()));
    builder.environment().putAll(environment);
    return new ChildJvm(name, builder.start(), log);
  }

  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** Throws naming the log when the JVM is gone: a test waiting on it would only time out. */
  public void requireAlive() {
    if (!process.isAlive()) {
      throw new IllegalStateException("The " + name + " exited with " + process.exitValue() + "; see " + log);
    }
  }

  /** SIGKILL: no shutdown hook, no commit; open transactions stay open on the broker. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  /** SIGTERM; returns the exit code. */
  public int stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("Cannot stop the " + name + ": it did not exit within 60 s of SIGTERM; see " + log);
    }
    return process.exitValue();
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      kill();
    }
  }
}
