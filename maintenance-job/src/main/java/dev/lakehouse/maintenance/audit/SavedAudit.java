package dev.lakehouse.maintenance.audit;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The last audit's findings as a file ({@code audit --save}), so that a status page shows them
 * without reading every row again: when it ran and what it found per table.
 *
 * @param auditedAt ISO-8601 instant the audit finished
 */
public record SavedAudit(String auditedAt, List<TableAuditResult> tables) {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** Writes the file whole or not at all (a reader never sees half of it). */
  public void write(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Path temp = Files.createTempFile(parent, file.getFileName().toString(), ".tmp");
    try {
      JSON.writeValue(temp.toFile(), this);
      Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  public static SavedAudit read(Path file) throws IOException {
    return JSON.readValue(file.toFile(), SavedAudit.class);
  }
}
