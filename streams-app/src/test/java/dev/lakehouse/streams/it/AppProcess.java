package dev.lakehouse.streams.it;

import dev.lakehouse.streams.App;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The Streams app in a child JVM of its own, so that a test can kill it like a crashing host would. */
public final class AppProcess implements AutoCloseable {
  private final Process process;

  private AppProcess(Process process) {
    this.process = process;
  }

  /**
   * Runs {@code App --config <file>} on this JVM's classpath, appending its output to the log file;
   * JVM options default to a small serial-GC heap.
   */
  public static AppProcess start(Path configFile, Path logFile, String... jvmOptions) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java));
    command.addAll(jvmOptions.length == 0 ? List.of("-Xmx384m", "-XX:+UseSerialGC") : List.of(jvmOptions));
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), App.class.getName(),
        "--config", configFile.toString()));
    Process process = new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(Redirect.appendTo(logFile.toFile()))
        .start();
    return new AppProcess(process);
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** CPU time the app's JVM has used so far (user + system, all threads). */
  public java.time.Duration cpuTime() {
    return process.toHandle().info().totalCpuDuration()
        .orElseThrow(() -> new IllegalStateException("Cannot read the CPU time of process " + process.pid()));
  }

  /** SIGKILL: no shutdown hook, no commit, no close; open transactions stay open on the broker. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  /** SIGTERM: the shutdown hook closes Kafka Streams; returns the exit code. */
  public int stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("Cannot stop the app: it did not exit within 60s of SIGTERM");
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
