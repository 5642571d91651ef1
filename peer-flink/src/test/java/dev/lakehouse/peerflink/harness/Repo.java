package dev.lakehouse.peerflink.harness;

import java.nio.file.Path;

/** The project's root directory (failsafe passes it; from peer-flink/ it is the parent). */
public final class Repo {
  private Repo() {}

  public static Path dir() {
    return Path.of(System.getProperty("lakehouse.repo.dir", "..")).toAbsolutePath().normalize();
  }
}
