package dev.lakehouse.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The repository's root folder, for code that runs scripts, reads configs or starts packaged jars
 * of other modules: the system property {@value #PROPERTY} when set (the e2e-tests and benchmark
 * builds set it), else the nearest folder upwards from the working directory that holds the
 * {@code lakehouse} launcher and the parent {@code pom.xml}.
 */
public final class RepoDir {
  public static final String PROPERTY = "lakehouse.repo.dir";

  private RepoDir() {}

  public static Path get() {
    String configured = System.getProperty(PROPERTY);
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured).toAbsolutePath().normalize();
    }
    Path workingDir = Path.of("").toAbsolutePath();
    return findFrom(workingDir).orElseThrow(() -> new IllegalStateException("Cannot find the repository folder above "
        + workingDir + ": run from inside the repository or set -D" + PROPERTY + "=<repository folder>"));
  }

  /** The nearest folder from {@code start} upwards holding the launcher and the parent pom. */
  public static Optional<Path> findFrom(Path start) {
    for (Path dir = start.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("lakehouse")) && Files.isRegularFile(dir.resolve("pom.xml"))) {
        return Optional.of(dir);
      }
    }
    return Optional.empty();
  }
}
