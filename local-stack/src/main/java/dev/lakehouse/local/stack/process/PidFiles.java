package dev.lakehouse.local.stack.process;

import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.local.stack.StopResult;
import dev.lakehouse.local.stack.config.StackLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The pid files under {@code <data>/run/}. A pid only counts as a component's process while that
 * process is alive and is the one that was started: its command line carries the component and
 * data-dir markers of {@link JvmCommand}, or (any program, e.g. a Python one) it started at the
 * instant the file recorded. A stale pid reused by another program is never signalled. A zombie counts as
 * stopped, and a process that is exiting is waited for and then counts as stopped ({@link ProcessPhase}).
 */
public final class PidFiles {
  private PidFiles() {}

  private static final String STARTED = " started=";
  /** How long a process that is exiting is waited for before it counts as running after all. */
  private static final Duration EXIT_WAIT = Duration.ofSeconds(30);

  /** Records the pid, and the start instant of that process when the system tells it. */
  static void write(StackLayout layout, String component, long pid) throws IOException {
    Optional<Instant> started = ProcessHandle.of(pid).flatMap(p -> p.info().startInstant());
    Files.writeString(layout.pidFile(component), pid + started.map(instant -> STARTED + instant.toEpochMilli()).orElse(""));
  }

  public static Optional<ProcessHandle> find(StackLayout layout, String component) {
    Path file = layout.pidFile(component);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      String[] recorded = Files.readString(file).trim().split(STARTED, 2);
      long pid = Long.parseLong(recorded[0]);
      Optional<Long> startedMillis = recorded.length == 2 ? Optional.of(Long.parseLong(recorded[1])) : Optional.empty();
      return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(p -> isOurs(p, layout, component, startedMillis))
          .filter(PidFiles::isRunning);
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** A zombie is stopped; a process that is exiting (killed a moment ago) is waited for, then stopped too. */
  private static boolean isRunning(ProcessHandle process) {
    ProcessPhase phase = ProcessPhase.of(process.pid());
    if (phase == ProcessPhase.EXITING) {
      phase = ProcessPhase.awaitExit(process.pid(), EXIT_WAIT);
    }
    return phase != ProcessPhase.DEAD;
  }

  private static boolean isOurs(ProcessHandle process, StackLayout layout, String component, Optional<Long> startedMillis) {
    String commandLine = process.info().commandLine().orElse("");
    boolean markers = commandLine.contains(JvmCommand.marker(JvmCommand.COMPONENT_PROPERTY, component))
        && commandLine.contains(JvmCommand.marker(JvmCommand.DATA_DIR_PROPERTY, layout.dataDir().toString()));
    return markers || startedMillis.isPresent()
        && startedMillis.equals(process.info().startInstant().map(Instant::toEpochMilli));
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
