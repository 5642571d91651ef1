package dev.lakehouse.local.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/failed-tests.sh}: what the test command prints last when the build failed. */
class FailedTestsScriptTest {
  private static final Path SCRIPT = RepoDir.get().resolve("bin/failed-tests.sh");

  @TempDir Path repo;

  @Test
  void namesEachFailingTestOfThisBuildWithItsMessageAndNoStackFrames() throws Exception {
    Path marker = Files.createFile(repo.resolve("build.started"));
    Files.setLastModifiedTime(marker, FileTime.from(Instant.now().minusSeconds(60)));
    report("e2e-tests", "failsafe-reports", "dev.lakehouse.e2e.ScaledFaultIT", """
        Tests run: 1, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 457.0 s <<< FAILURE! -- in dev.lakehouse.e2e.ScaledFaultIT
        dev.lakehouse.e2e.ScaledFaultIT.threeInstances -- Time elapsed: 457.0 s <<< FAILURE!
        java.lang.AssertionError: [lost rows in orders_enriched]\s
        Expecting empty but was: [order-17]
        \tat dev.lakehouse.e2e.AfterFaults.assertNothingLostOrDuplicated(AfterFaults.java:52)
        \tat dev.lakehouse.e2e.ScaledFaultIT.threeInstances(ScaledFaultIT.java:34)
        """);
    report("streams-app", "surefire-reports", "dev.lakehouse.streams.StartupTest", """
        Tests run: 2, Failures: 0, Errors: 1, Skipped: 0, Time elapsed: 1.2 s <<< FAILURE! -- in dev.lakehouse.streams.StartupTest
        dev.lakehouse.streams.StartupTest.refusesABadPort -- Time elapsed: 0.3 s <<< ERROR!
        java.lang.IllegalStateException: Cannot start: port 80 in use
        \tat dev.lakehouse.streams.Startup.bind(Startup.java:9)
        """);
    report("generator", "surefire-reports", "dev.lakehouse.generator.PassingTest", """
        Tests run: 3, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.4 s -- in dev.lakehouse.generator.PassingTest
        """);
    Path earlier = report("maintenance-job", "surefire-reports", "dev.lakehouse.maintenance.EarlierTest", """
        dev.lakehouse.maintenance.EarlierTest.failedInAnEarlierBuild -- Time elapsed: 0.1 s <<< FAILURE!
        java.lang.AssertionError: an earlier build's failure
        """);
    Files.setLastModifiedTime(earlier, FileTime.from(Instant.now().minusSeconds(120)));

    String out = run(marker);

    assertThat(out).contains(
        "  dev.lakehouse.e2e.ScaledFaultIT.threeInstances -- Time elapsed: 457.0 s <<< FAILURE!\n"
            + "      java.lang.AssertionError: [lost rows in orders_enriched] \n"
            + "      Expecting empty but was: [order-17]\n",
        "  dev.lakehouse.streams.StartupTest.refusesABadPort -- Time elapsed: 0.3 s <<< ERROR!\n"
            + "      java.lang.IllegalStateException: Cannot start: port 80 in use\n");
    assertThat(out).doesNotContain("\tat ", "PassingTest", "EarlierTest", "-- in ");
  }

  private Path report(String module, String kind, String testClass, String text) throws IOException {
    Path dir = Files.createDirectories(repo.resolve(module).resolve("target").resolve(kind));
    return Files.writeString(dir.resolve(testClass + ".txt"), text);
  }

  private String run(Path newerThan) throws IOException, InterruptedException {
    Process process = new ProcessBuilder("/bin/bash", SCRIPT.toString(), repo.toString(), newerThan.toString())
        .redirectErrorStream(true).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("failed-tests.sh finished").isTrue();
    assertThat(process.exitValue()).as(out).isZero();
    return out;
  }
}
