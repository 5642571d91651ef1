package dev.lakehouse.local.stack.process;

import dev.lakehouse.local.stack.config.StackLayout;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** The last lines of a log file, for failure messages. */
public final class LogTail {
  private static final int MAX_BYTES = 64 * 1024;

  private LogTail() {}

  public static List<String> lastLines(Path file, int count) {
    try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
      long start = Math.max(0, in.length() - MAX_BYTES);
      byte[] bytes = new byte[(int) (in.length() - start)];
      in.seek(start);
      in.readFully(bytes);
      List<String> lines = Arrays.asList(new String(bytes, StandardCharsets.UTF_8).split("\\R"));
      return lines.subList(Math.max(0, lines.size() - count), lines.size());
    } catch (IOException e) {
      return List.of("(cannot read " + file + ": " + e.getMessage() + ")");
    }
  }

  /** A failure message ending with the component's last log lines and how to see them all. */
  public static String failure(String headline, StackLayout layout, String component) {
    Path log = layout.logFile(component);
    StringBuilder message = new StringBuilder(headline)
        .append(System.lineSeparator()).append("Last lines of ").append(log).append(':').append(System.lineSeparator());
    lastLines(log, 20).forEach(line -> message.append("  ").append(line).append(System.lineSeparator()));
    return message.append("See the whole log: ./lakehouse logs ").append(component)
        .append("   (or: less ").append(log).append(')').toString();
  }
}
