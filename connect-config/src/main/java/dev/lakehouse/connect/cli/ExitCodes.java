package dev.lakehouse.connect.cli;

/** Exit codes of every verb. */
public final class ExitCodes {
  public static final int OK = 0;
  /** The config is invalid, the connector or a task failed, or it did not become RUNNING in time. */
  public static final int FAILED = 1;
  /** Bad command-line arguments (picocli's own code). */
  public static final int USAGE = 2;
  /** No worker answers, or the worker lacks the sink plugin: fix the environment, not the config. */
  public static final int ENVIRONMENT = 3;

  private ExitCodes() {}
}
