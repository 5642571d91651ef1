package dev.lakehouse.peerflink.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The newest completed checkpoint under a checkpoint directory: {@code <job id>/chk-<n>} with its
 * {@code _metadata} written (Flink writes it last). Each run gets a new job id, so the newest one
 * is found across them by the time the metadata was written.
 */
public final class LatestCheckpoint {
  private static final String METADATA = "_metadata";

  private LatestCheckpoint() {}

  public static Optional<Path> in(Path checkpointDir) {
    if (!Files.isDirectory(checkpointDir)) {
      return Optional.empty();
    }
    try (Stream<Path> jobs = Files.list(checkpointDir)) {
      return jobs.filter(Files::isDirectory)
          .flatMap(LatestCheckpoint::completed)
          .max(Comparator.comparing(LatestCheckpoint::writtenAt))
          .map(Path::getParent);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the checkpoints in " + checkpointDir + ": " + e.getMessage(), e);
    }
  }

  private static Stream<Path> completed(Path jobDir) {
    try (Stream<Path> checkpoints = Files.list(jobDir)) {
      return checkpoints.filter(dir -> dir.getFileName().toString().startsWith("chk-"))
          .map(dir -> dir.resolve(METADATA))
          .filter(Files::isRegularFile)
          .toList().stream();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the checkpoints in " + jobDir + ": " + e.getMessage(), e);
    }
  }

  private static FileTime writtenAt(Path metadata) {
    try {
      return Files.getLastModifiedTime(metadata);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + metadata + ": " + e.getMessage(), e);
    }
  }
}
