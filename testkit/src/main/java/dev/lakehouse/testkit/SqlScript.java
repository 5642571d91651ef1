package dev.lakehouse.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * {@code local-stack/trino/sql}, what {@code ./lakehouse sql} runs, run to its end with its output
 * captured: its stdout is a pipe here, not a terminal.
 */
public final class SqlScript {
  private static final int TIMEOUT_SECONDS = 120;

  public record Result(int exit, String out, String err) {}

  private SqlScript() {}

  /** Without a Trino: for options and errors that the script answers itself. */
  public static Result run(String... args) throws IOException, InterruptedException {
    return run(Map.of(), args);
  }

  /** Against the Trino on {@code trinoPort}. */
  public static Result onTrino(int trinoPort, String... args) throws IOException, InterruptedException {
    return run(Map.of("TRINO_PORT", Integer.toString(trinoPort)), args);
  }

  private static Result run(Map<String, String> env, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("/bin/bash", TrinoScripts.script(RepoDir.get(), "sql").toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().putAll(env);
    Process process = builder.start();
    // both streams at once: a full stderr pipe must not block the script while stdout is read
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
    String out = read(process.getInputStream());
    if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("Cannot run " + command + ": no exit within " + TIMEOUT_SECONDS + " s");
    }
    return new Result(process.exitValue(), out, err.join());
  }

  private static String read(InputStream stream) {
    try {
      return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
