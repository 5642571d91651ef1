package dev.lakehouse.local.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The pid files under {@code <data>/run/}. A pid only counts as a component's process while that
 * process is alive and its command line carries the component and data-dir markers of
 * {@link JvmCommand}: a stale pid reused by another program is never signalled.
 */
public final class PidFiles {
  private PidFiles() {}

  static void write(StackLayout layout, String component, long pid) throws IOException {
    Files.writeString(layout.pidFile(component), Long.toString(pid));
  }

  public static Optional<ProcessHandle> find(StackLayout layout, String component) {
    Path file = layout.pidFile(component);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      long pid = Long.parseLong(Files.readString(file).trim());
      return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(p -> isOurs(p, layout, component));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static boolean isOurs(ProcessHandle process, StackLayout layout, String component) {
    String commandLine = process.info().commandLine().orElse("");
    return commandLine.contains(JvmCommand.marker(JvmCommand.COMPONENT_PROPERTY, component))
        && commandLine.contains(JvmCommand.marker(JvmCommand.DATA_DIR_PROPERTY, layout.dataDir().toString()));
  }

  /** SIGTERM, then SIGKILL after {@code timeout}; removes the pid file. */
  public static StopResult stop(StackLayout layout, String component, Duration timeout) {
    Optional<ProcessHandle> found = find(layout, component);
    StopResult result = found.map(process -> {
      process.destroy();
      if (awaitExit(process, timeout)) {
        return StopResult.STOPPED;
      }
      process.destroyForcibly();
      awaitExit(process, Duration.ofSeconds(10));
      return StopResult.KILLED;
    }).orElse(StopResult.NOT_RUNNING);
    try {
      Files.deleteIfExists(layout.pidFile(component));
    } catch (IOException e) {
      throw new StackException("Cannot remove the pid file " + layout.pidFile(component) + ": " + e.getMessage(), e);
    }
    return result;
  }

  private static boolean awaitExit(ProcessHandle process, Duration timeout) {
    try {
      process.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException e) {
      return false;
    } catch (ExecutionException e) {
      return !process.isAlive();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return !process.isAlive();
    }
  }
}
