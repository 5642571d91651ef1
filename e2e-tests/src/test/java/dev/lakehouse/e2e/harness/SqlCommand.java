package dev.lakehouse.e2e.harness;

import dev.lakehouse.testkit.RepoDir;
import dev.lakehouse.testkit.TrinoScripts;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * {@code local-stack/trino/sql}, what {@code ./lakehouse sql} runs, against the Trino on a port. Its
 * stdout is a pipe here, not a terminal.
 */
public final class SqlCommand {
  private static final int TIMEOUT_SECONDS = 120;

  private SqlCommand() {}

  public record Result(int exit, String out, String err) {}

  public static Result run(int trinoPort, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(TrinoScripts.script(RepoDir.get(), "sql").toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().put("TRINO_PORT", Integer.toString(trinoPort));
    Process process = builder.start();
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
