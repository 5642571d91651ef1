package dev.lakehouse.maintenance.orphans;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.maintenance.support.TestWarehouse;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sink's tables delete metadata files that fall off their log after each commit, while older
 * logs still name them: the walk over the metadata files finds every file that exists, skips the
 * deleted ones without an ERROR (an erase or orphan cleanup that logs stack traces for an expected
 * condition looks failed) and says once, at INFO, how many it skipped.
 */
class ReachableFilesTest {

  @Test
  void metadataFilesDeletedAfterCommitAreSkippedQuietlyAndEveryExistingOneIsReachable(@TempDir Path dir) throws Exception {
    try (TestWarehouse warehouse = TestWarehouse.start(dir)) {
      Table table = warehouse.createEventsTable("deleted_after_commit");
      table.updateProperties().set(TableProperties.METADATA_DELETE_AFTER_COMMIT_ENABLED, "true")
          .set(TableProperties.METADATA_PREVIOUS_VERSIONS_MAX, "2").commit();
      for (int i = 0; i < 6; i++) {
        table.updateProperties().set("commit.number", Integer.toString(i)).commit();
      }
      List<String> existing = warehouse.objectsUnder(table.location() + "/metadata").stream()
          .map(Path::toString).filter(path -> path.endsWith(".metadata.json")).toList();

      ByteArrayOutputStream log = new ByteArrayOutputStream();
      PrintStream stderr = System.err;
      Set<String> reachable;
      System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
      try {
        reachable = ReachableFiles.of(table);
      } finally {
        System.setErr(stderr);
      }

      Set<String> reachableNames = reachable.stream().map(f -> f.substring(f.lastIndexOf('/') + 1)).collect(Collectors.toSet());
      assertThat(existing).as("metadata files left after the deletes").hasSize(3)
          .allSatisfy(path -> assertThat(reachableNames).contains(Path.of(path).getFileName().toString()));
      String logged = log.toString(StandardCharsets.UTF_8);
      assertThat(logged).as("what the walk logged").doesNotContain("ERROR").doesNotContain("Exception")
          .containsOnlyOnce("skipped 2 metadata files that older metadata logs name but that were deleted after later "
              + "commits (write.metadata.delete-after-commit.enabled), as designed");
    }
  }
}
