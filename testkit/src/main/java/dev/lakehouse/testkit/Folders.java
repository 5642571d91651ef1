package dev.lakehouse.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Folders of tests and benchmarks: brokers' logs, stores and tables that can take hundreds of MB. */
public final class Folders {
  private Folders() {}

  /** Deletes {@code root} and everything under it; nothing when it does not exist. */
  public static void delete(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    }
  }
}
