package dev.lakehouse.local.stack.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Where a listed process is in its life, from Linux's {@code /proc/<pid>}: a process killed with
 * SIGKILL keeps its pid while it tears down (a JVM releasing gigabytes takes a moment) and, once dead,
 * until its parent reaps it (a zombie, forever when the parent never does). Java counts both as alive,
 * so {@code ./lakehouse up} right after a {@code kill -9} of the Connect worker said "already running"
 * and then failed to apply the connector. Without {@code /proc} every listed process counts as running.
 */
enum ProcessPhase {
  RUNNING,
  /** Killed or exiting: it will be gone (or a zombie) shortly, holding its ports and files until then. */
  EXITING,
  /** A zombie, or gone: it holds nothing any more. */
  DEAD;

  /** The kernel's PF_EXITING task flag (include/linux/sched.h), set once the task is in do_exit(). */
  private static final long PF_EXITING = 0x4;
  private static final long SIGKILL_BIT = 1L << (9 - 1);
  private static final Duration POLL = Duration.ofMillis(100);

  static ProcessPhase of(long pid) {
    Path proc = Path.of("/proc", Long.toString(pid));
    if (!Files.isDirectory(Path.of("/proc", "self"))) {
      return RUNNING;
    }
    try {
      return parse(Files.readString(proc.resolve("stat")), Files.readString(proc.resolve("status")));
    } catch (IOException e) {
      return DEAD; // the entry went away while it was read
    }
  }

  /**
   * @param stat {@code /proc/<pid>/stat}: "pid (comm) state ppid pgrp session tty tpgid flags ...", the
   *     command name in parentheses possibly holding spaces and parentheses itself
   * @param status {@code /proc/<pid>/status}, for its pending signals
   */
  static ProcessPhase parse(String stat, String status) {
    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
    char state = fields[0].charAt(0);
    if (state == 'Z' || state == 'X' || state == 'x') {
      return DEAD;
    }
    boolean exiting = (Long.parseLong(fields[6]) & PF_EXITING) != 0;
    return exiting || killPending(status) ? EXITING : RUNNING;
  }

  private static boolean killPending(String status) {
    return status.lines()
        .filter(line -> line.startsWith("SigPnd:") || line.startsWith("ShdPnd:"))
        .anyMatch(line -> (Long.parseUnsignedLong(line.substring(line.indexOf(':') + 1).trim(), 16) & SIGKILL_BIT) != 0);
  }

  /** Waits up to {@code timeout} for an exiting process to be dead; its phase then. */
  static ProcessPhase awaitExit(long pid, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    ProcessPhase phase = of(pid);
    while (phase == EXITING && System.nanoTime() < deadline) {
      try {
        Thread.sleep(POLL.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return phase;
      }
      phase = of(pid);
    }
    return phase;
  }
}
