package dev.lakehouse.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RepoDirTest {
  @Test
  void isTheNearestFolderUpwardsWithTheLauncherAndTheParentPom(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("lakehouse"), "#!/usr/bin/env bash\n");
    Files.writeString(dir.resolve("pom.xml"), "<project/>\n");
    Path module = Files.createDirectories(dir.resolve("streams-app/src"));
    Files.writeString(dir.resolve("streams-app/pom.xml"), "<project/>\n");

    assertThat(RepoDir.findFrom(module)).contains(dir.toAbsolutePath().normalize());
    assertThat(RepoDir.findFrom(dir.getParent())).isNotEqualTo(RepoDir.findFrom(module));
  }

  @Test
  void theModulesOwnBuildFindsThisRepository() {
    assertThat(RepoDir.get().resolve("testkit/pom.xml")).isRegularFile();
  }
}
