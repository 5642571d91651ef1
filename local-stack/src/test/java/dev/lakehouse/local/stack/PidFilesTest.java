package dev.lakehouse.local.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

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
}
