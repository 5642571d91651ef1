package dev.lakehouse.local.stack;

/** What {@code down} did to one component. */
public enum StopResult {
  NOT_RUNNING,
  /** It exited after SIGTERM (or its stop script) within the stop timeout. */
  STOPPED,
  /** It ignored SIGTERM for the whole stop timeout and was killed with SIGKILL. */
  KILLED
}
