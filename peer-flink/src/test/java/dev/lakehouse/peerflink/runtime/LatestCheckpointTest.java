package dev.lakehouse.peerflink.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatestCheckpointTest {

  @Test
  void theNewestCompletedCheckpointAcrossRunsIsChosen(@TempDir Path dir) throws Exception {
    completed(dir.resolve("job-a/chk-9"), Instant.parse("2026-12-01T10:00:00Z"));
    completed(dir.resolve("job-b/chk-3"), Instant.parse("2026-12-01T10:05:00Z"));
    // still being written: no metadata yet
    Files.createDirectories(dir.resolve("job-b/chk-4"));
    Files.createDirectories(dir.resolve("job-b/shared"));

    assertThat(LatestCheckpoint.in(dir)).contains(dir.resolve("job-b/chk-3"));
  }

  @Test
  void nothingToRestoreWhenThereIsNoCheckpoint(@TempDir Path dir) {
    assertThat(LatestCheckpoint.in(dir.resolve("missing"))).isEmpty();
    assertThat(LatestCheckpoint.in(dir)).isEmpty();
  }

  private static void completed(Path checkpoint, Instant writtenAt) throws Exception {
    Path metadata = Files.createDirectories(checkpoint).resolve("_metadata");
    Files.writeString(metadata, "metadata");
    Files.setLastModifiedTime(metadata, FileTime.from(writtenAt));
  }
}
