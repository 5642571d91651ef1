package dev.lakehouse.e2e.harness;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** Stops processes a test started: SIGTERM first, so they can flush their logs, then SIGKILL. */
public final class ChildProcesses {
  private ChildProcesses() {}

  public static void stop(Process process, Duration grace) {
    process.destroy();
    try {
      if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
