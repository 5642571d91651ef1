package dev.lakehouse.connect.config;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The local S3 server's credentials file, {@code <data-dir>/config/s3-credentials.properties}, which
 * the local connector config reads through the worker's {@code file} config provider. The local
 * stack's S3 server has fixed, well-known credentials; production uses the AWS default chain.
 */
public final class LocalCredentials {
  public static final String ACCESS_KEY_ID = "access-key-id";
  public static final String SECRET_ACCESS_KEY = "secret-access-key";
  static final String LOCAL_ACCESS_KEY = "lakehouse";
  static final String LOCAL_SECRET_KEY = "lakehouse-secret";

  private LocalCredentials() {}

  /** Writes the file (owner-only) unless it exists: a user's own credentials are left alone. */
  public static Path ensure(Path dataDir) {
    Path file = dataDir.resolve("config").resolve("s3-credentials.properties");
    if (Files.exists(file)) {
      return file;
    }
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, "# S3 credentials of the local stack's S3 server, read by the connector via ${file:...}\n"
          + ACCESS_KEY_ID + "=" + LOCAL_ACCESS_KEY + "\n" + SECRET_ACCESS_KEY + "=" + LOCAL_SECRET_KEY + "\n");
      if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
        Files.setPosixFilePermissions(file, Set.copyOf(PosixFilePermissions.fromString("rw-------")));
      }
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the local S3 credentials file " + file + ": " + e.getMessage(), e);
    }
  }
}
