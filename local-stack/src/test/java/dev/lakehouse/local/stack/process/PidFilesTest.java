package dev.lakehouse.local.stack.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lakehouse.local.stack.StopResult;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.config.StackLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PidFilesTest {

  /** Ignores SIGTERM for a minute: its shutdown hook blocks. */
  public static final class StubbornMain {
    public static void main(String[] args) throws Exception {
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          Thread.sleep(60_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }));
      System.out.println("stubborn started");
      Thread.sleep(120_000);
    }
  }

  @Test
  void downEscalatesToSigkillAfterTheStopTimeout(@TempDir Path repo) throws Exception {
    StackConfig config = StackConfig.of(repo, Map.of(Setting.STOP_TIMEOUT_SECONDS, "1"));
    StackLayout layout = config.layout();
    Process process = DetachedProcess.start("stubborn", JvmCommand.of("stubborn", config.dataDir(), "64m",
        System.getProperty("java.class.path"), StubbornMain.class.getName()).toList(), layout, Map.of());
    await().atMost(Duration.ofSeconds(60))
        .until(() -> Files.readString(layout.logFile("stubborn")).contains("stubborn started"));
    assertThat(PidFiles.find(layout, "stubborn")).map(ProcessHandle::pid).contains(process.pid());

    long start = System.nanoTime();
    assertThat(PidFiles.stop(layout, "stubborn", config.stopTimeout())).isEqualTo(StopResult.KILLED);

    assertThat(process.isAlive()).isFalse();
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(30));
    assertThat(layout.pidFile("stubborn")).doesNotExist();
    assertThat(PidFiles.stop(layout, "stubborn", config.stopTimeout())).as("idempotent").isEqualTo(StopResult.NOT_RUNNING);
  }

  @Test
  void aPidFileOfAnotherProgramIsNeverSignalled(@TempDir Path repo) throws Exception {
    StackLayout layout = StackConfig.of(repo, Map.of()).layout();
    Files.createDirectories(layout.runDir());
    // a stale pid now used by a process without our markers: this test's own JVM
    Files.writeString(layout.pidFile("services"), Long.toString(ProcessHandle.current().pid()));

    assertThat(PidFiles.find(layout, "services")).isEmpty();
    assertThat(PidFiles.stop(layout, "services", Duration.ofSeconds(1))).isEqualTo(StopResult.NOT_RUNNING);
    assertThat(layout.pidFile("services")).doesNotExist();
  }

  @Test
  void aProgramWithoutMarkersIsFoundByItsStartInstantAndStopped(@TempDir Path repo) throws Exception {
    StackConfig config = StackConfig.of(repo, Map.of());
    StackLayout layout = config.layout();
    Process process = DetachedProcess.start("sleeper", List.of("sleep", "120"), layout, Map.of());

    assertThat(PidFiles.find(layout, "sleeper")).map(ProcessHandle::pid).contains(process.pid());
    assertThat(PidFiles.stop(layout, "sleeper", Duration.ofSeconds(10))).isEqualTo(StopResult.STOPPED);
    assertThat(process.isAlive()).isFalse();
  }

  @Test
  void aPidWhoseProcessStartedAtAnotherInstantIsNeverSignalled(@TempDir Path repo) throws Exception {
    StackLayout layout = StackConfig.of(repo, Map.of()).layout();
    Files.createDirectories(layout.runDir());
    long started = ProcessHandle.current().info().startInstant().orElseThrow().toEpochMilli();
    // this JVM's pid, recorded as if a program had started with it a second later
    Files.writeString(layout.pidFile("dbt"), ProcessHandle.current().pid() + " started=" + (started + 1000));

    assertThat(PidFiles.find(layout, "dbt")).isEmpty();
    Files.writeString(layout.pidFile("dbt"), ProcessHandle.current().pid() + " started=" + started);
    assertThat(PidFiles.find(layout, "dbt")).as("the same record with the right instant").isPresent();
  }

  /**
   * kill -9 leaves a pid behind: the process tears down, then stays a zombie until its parent reaps it.
   * Here the parent never does (it exec'd a sleep), as with a launcher that has gone.
   */
  @Test
  void aKilledComponentLeftAsAZombieIsNotRunning(@TempDir Path repo) throws Exception {
    StackLayout layout = StackConfig.of(repo, Map.of()).layout();
    Files.createDirectories(layout.runDir());
    Process parent = new ProcessBuilder("bash", "-c", "sleep 600 & echo $!; exec sleep 600").start();
    try {
      long child = Long.parseLong(new java.io.BufferedReader(new java.io.InputStreamReader(parent.getInputStream()))
          .readLine().trim());
      PidFiles.write(layout, "connect", child);
      assertThat(PidFiles.find(layout, "connect")).as("the live process").map(ProcessHandle::pid).contains(child);

      new ProcessBuilder("kill", "-9", Long.toString(child)).start().waitFor();
      await().atMost(Duration.ofSeconds(10)).until(() -> ProcessPhase.of(child) == ProcessPhase.DEAD);

      assertThat(ProcessHandle.of(child)).as("the zombie keeps its pid").isPresent();
      long start = System.nanoTime();
      assertThat(PidFiles.find(layout, "connect")).as("a zombie is not running").isEmpty();
      assertThat(Duration.ofNanos(System.nanoTime() - start)).as("nothing to wait for").isLessThan(Duration.ofSeconds(5));
      assertThat(PidFiles.stop(layout, "connect", Duration.ofSeconds(1))).isEqualTo(StopResult.NOT_RUNNING);
    } finally {
      parent.destroyForcibly().waitFor();
    }
  }

  @Test
  void aProcessIsExitingOnceTheKernelFlaggedItOrASigkillIsPendingAndDeadAsAZombie() {
    String running = "4242 (java (main)) S 1 4242 4242 0 -1 4194560 0 0 0 0";
    String exiting = "4242 (java (main)) D 1 4242 4242 0 -1 4194564 0 0 0 0"; // PF_EXITING (0x4) among the flags
    String zombie = "4242 (java) Z 1 4242 4242 0 -1 4227084 0 0 0 0";
    String quiet = "Name:\tjava\nSigPnd:\t0000000000000000\nShdPnd:\t0000000000000000\n";
    String killed = "Name:\tjava\nSigPnd:\t0000000000000000\nShdPnd:\t0000000000000100\n";

    assertThat(ProcessPhase.parse(running, quiet)).isEqualTo(ProcessPhase.RUNNING);
    assertThat(ProcessPhase.parse(exiting, quiet)).isEqualTo(ProcessPhase.EXITING);
    assertThat(ProcessPhase.parse(running, killed)).isEqualTo(ProcessPhase.EXITING);
    assertThat(ProcessPhase.parse(zombie, quiet)).isEqualTo(ProcessPhase.DEAD);
  }
}
