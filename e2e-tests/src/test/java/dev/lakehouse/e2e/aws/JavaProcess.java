package dev.lakehouse.e2e.aws;

import dev.lakehouse.e2e.harness.ChildProcesses;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A JVM of a packaged module (its jars on the class path), output to a log file, killed on close. */
final class JavaProcess implements AutoCloseable {
  private final Process process;
  private final Path log;

  private JavaProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  static JavaProcess start(Path log, String classPath, Map<String, String> env, String mainClass, String... args)
      throws IOException {
    Files.createDirectories(log.getParent());
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
        "-Dorg.slf4j.simpleLogger.showDateTime=true", "-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS",
        "-cp", classPath, mainClass));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().putAll(env);
    return new JavaProcess(builder.start(), log);
  }

  /** Waits for the exit code; the log is in the failure message when it does not exit in time. */
  int waitFor(long seconds) throws InterruptedException, IOException {
    if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
      close();
      throw new IllegalStateException("Cannot wait longer than " + seconds + " s for " + log.getFileName() + ":\n" + log());
    }
    return process.exitValue();
  }

  String log() throws IOException {
    return Files.readString(log);
  }

  @Override
  public void close() {
    ChildProcesses.stop(process, Duration.ofSeconds(15));
  }
}
