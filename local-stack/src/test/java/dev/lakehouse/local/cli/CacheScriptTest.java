package dev.lakehouse.local.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/cache.sh}: what setup and test install (venvs, Trino) once per machine, linked from each checkout. */
class CacheScriptTest {
  private static final Path SCRIPT = RepoDir.get().resolve("bin/cache.sh");
  /** An install that counts its runs in installs.log and leaves a file; FAIL=1 makes it fail half way. */
  private static final String INSTALL = """
      install() {
        echo run >> "$WORK/installs.log"
        mkdir -p "$1"
        echo "$KEY" > "$1/content"
        [[ "${FAIL:-}" != 1 ]]
        touch "$1/complete"
      }
      """;

  @TempDir Path work;

  record Run(int exit, String out) {}

  private Run cacheLink(Path link, String key, boolean fail) throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder("/bin/bash", "-c",
        "set -euo pipefail; source \"$SCRIPT\"; " + INSTALL + "cache_link \"$LINK\" \"$KEY\" install");
    builder.environment().putAll(Map.of("SCRIPT", SCRIPT.toString(), "WORK", work.toString(),
        "LAKEHOUSE_CACHE_DIR", cache().toString(), "LINK", link.toString(), "KEY", key, "FAIL", fail ? "1" : "0"));
    Process process = builder.redirectErrorStream(true).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("cache_link finished").isTrue();
    return new Run(process.exitValue(), out);
  }

  private Path cache() {
    return work.resolve("cache");
  }

  private long installs() throws IOException {
    Path log = work.resolve("installs.log");
    return Files.exists(log) ? Files.readAllLines(log).size() : 0;
  }

  @Test
  void installsOncePerMachineAndLinksEveryCheckoutToIt() throws Exception {
    Path first = work.resolve("clone-1/.venv");
    Path second = work.resolve("clone-2/.venv");

    assertThat(cacheLink(first, "k1", false).exit()).isZero();
    assertThat(cacheLink(second, "k1", false).exit()).isZero();

    assertThat(installs()).isEqualTo(1);
    assertThat(Files.isSymbolicLink(first)).isTrue();
    assertThat(first.toRealPath()).isEqualTo(second.toRealPath()).isEqualTo(cache().resolve("venv-k1").toRealPath());
    assertThat(first.resolve("complete")).exists();
  }

  @Test
  void aFailedInstallLinksNothingAndTheNextRunInstallsAgain() throws Exception {
    Path link = work.resolve("clone/tools/superset");

    Run failed = cacheLink(link, "k1", true);

    assertThat(failed.exit()).isNotZero();
    assertThat(link).doesNotExist();
    assertThat(cacheLink(link, "k1", false).exit()).isZero();
    assertThat(installs()).isEqualTo(2);
    assertThat(link.resolve("complete")).exists();
  }

  @Test
  void aNewKeyInstallsAnewAndAnOldOneUnusedFor30DaysIsRemoved() throws Exception {
    Path link = work.resolve("clone/.venv");
    assertThat(cacheLink(link, "k1", false).exit()).isZero();
    assertThat(cacheLink(link, "k2", false).exit()).isZero();
    assertThat(cache().resolve("venv-k1")).as("used today: kept").exists();
    Files.setLastModifiedTime(cache().resolve("venv-k1/.used"), FileTime.from(Instant.now().minus(Duration.ofDays(31))));

    assertThat(cacheLink(link, "k3", false).exit()).isZero();

    assertThat(installs()).isEqualTo(3);
    assertThat(Files.readString(link.resolve("content")).strip()).isEqualTo("k3");
    assertThat(cache().resolve("venv-k1")).doesNotExist();
    assertThat(cache().resolve("venv-k2")).exists();
  }

  @Test
  void aDirectoryInstalledInPlaceBeforeIsReplacedByTheLink() throws Exception {
    Path link = Files.createDirectories(work.resolve("clone/.venv"));
    Files.writeString(link.resolve("old"), "from before the cache");

    Run run = cacheLink(link, "k1", false);

    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("Replacing " + link);
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(link.resolve("old")).doesNotExist();
  }
}
