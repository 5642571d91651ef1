package dev.lakehouse.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildProcessTest {
  /** Prints its arguments and one environment variable, then exits with the first argument or sleeps. */
  public static final class Child {
    public static void main(String[] args) throws InterruptedException {
      System.out.println("child says " + String.join(" ", args) + " with " + System.getenv("CHILD_GREETING")
          + " and " + System.getProperty("child.flag"));
      if (args[0].equals("sleep")) {
        Thread.sleep(120_000);
      }
      System.exit(Integer.parseInt(args[0]));
    }
  }

  private static JavaCommand child(String... args) {
    return JavaCommand.onThisClasspath(Child.class).heap("64m").systemProperty("child.flag", "on").args(args);
  }

  @Test
  void runsAJvmOnThisClasspathWithItsEnvironmentAndLogsItsOutput(@TempDir Path dir) throws Exception {
    try (ChildProcess process = child("7", "x").start(dir.resolve("logs/child.log"), Map.of("CHILD_GREETING", "hello"))) {
      assertThat(process.waitFor(Duration.ofSeconds(60))).isEqualTo(7);
      assertThat(process.log()).contains("child says 7 x with hello and on");
    }
  }

  @Test
  void stopIsSigtermAndGivesTheJvmsExitCode(@TempDir Path dir) throws Exception {
    try (ChildProcess process = child("sleep").start(dir.resolve("child.log"))) {
      assertThat(process.isAlive()).isTrue();
      assertThat(process.stop(Duration.ofSeconds(30))).isEqualTo(143);
      assertThat(process.isAlive()).isFalse();
    }
  }

  @Test
  void aProcessThatDoesNotExitInTimeIsStoppedAndItsLogIsInTheFailure(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("child.log");
    try (ChildProcess process = child("sleep").start(log)) {
      assertThat(process.isAlive()).isTrue();
      assertThatThrownBy(() -> process.waitFor(Duration.ofSeconds(2)))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("Cannot wait longer than 2 s for the process logging to " + log + ":\n");
      assertThat(process.isAlive()).isFalse();
    }
  }
}
