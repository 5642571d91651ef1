package dev.lakehouse.maintenance.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.function.Function;

/** A local file rewritten on every run (the JSON report, or a textfile-collector .prom file). */
record FileDestination(Path file, Function<RunReport, String> render) implements ReportDestination {
  @Override
  public String describe() {
    return file.toString();
  }

  /** Writes next to the target and renames, so a textfile collector never reads half a file. */
  @Override
  public void write(RunReport report) throws IOException {
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (Files.exists(parent) && !Files.isDirectory(parent)) {
        throw new IOException(parent + " is not a directory");
      }
      Files.createDirectories(parent);
      Path temp = Files.createTempFile(parent, "." + file.getFileName(), ".tmp");
      try (OutputStream out = Files.newOutputStream(temp)) {
        out.write(render.apply(report).getBytes(StandardCharsets.UTF_8));
      }
      Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (FileSystemException e) {
      // its message is often just the path; say what went wrong with which path
      throw new IOException((e.getReason() != null ? e.getReason() : e.getClass().getSimpleName()) + ": " + e.getFile(), e);
    }
  }
}
