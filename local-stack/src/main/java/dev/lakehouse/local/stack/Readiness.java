package dev.lakehouse.local.stack;

import dev.lakehouse.local.stack.config.StackLayout;
import dev.lakehouse.local.stack.process.LogTail;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits until a started component answers, failing fast when its process dies. */
public final class Readiness {
  private static final long POLL_MILLIS = 250;

  private Readiness() {}

  public static void await(StartedComponent started, BooleanSupplier ready, Duration timeout, Progress progress) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!ready.getAsBoolean()) {
      if (!started.process().isAlive()) {
        throw started.failure("Cannot start " + started.title() + ": its process exited with code "
            + started.process().exitValue());
      }
      if (System.nanoTime() > deadline) {
        throw started.failure("Cannot start " + started.title() + ": not ready after " + timeout.toSeconds()
            + " s (the process is still running, pid " + started.process().pid()
            + "; raise startup.timeout-seconds if the machine is just slow)");
      }
      pause(progress);
    }
  }

  /** Waits for a one-shot process (a script, a CLI) to finish with exit code 0. */
  public static void awaitSuccess(StartedComponent started, Duration timeout, Progress progress) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (started.process().isAlive()) {
      if (System.nanoTime() > deadline) {
        started.process().destroy();
        throw started.failure("Cannot " + started.title() + ": not finished after " + timeout.toSeconds()
            + " s (stopped it; raise startup.timeout-seconds if the machine is just slow)");
      }
      pause(progress);
    }
    if (started.process().exitValue() != 0) {
      throw started.failure("Cannot " + started.title() + ": it exited with code " + started.process().exitValue());
    }
  }

  private static void pause(Progress progress) {
    progress.tick();
    try {
      Thread.sleep(POLL_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StackException("Cannot wait for the local stack: interrupted", e);
    }
  }

  /** A component process that {@code up} has just launched. */
  public record StartedComponent(String component, String title, Process process, StackLayout layout) {
    StackException failure(String headline) {
      return new StackException(LogTail.failure(headline, layout, component));
    }
  }
}
