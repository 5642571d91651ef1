package dev.lakehouse.connect.rest;

import java.util.List;

/** GET /connectors/{name}/status: the connector's and each task's state. */
public record ConnectorStatus(String name, String state, String workerId, String trace, List<TaskStatus> tasks) {
  public static final String RUNNING = "RUNNING";
  public static final String FAILED = "FAILED";

  /** One task's state; trace is set only when it failed. */
  public record TaskStatus(int id, String state, String workerId, String trace) {}

  public boolean isRunningWith(int expectedTasks) {
    return RUNNING.equals(state) && tasks.size() == expectedTasks
        && tasks.stream().allMatch(t -> RUNNING.equals(t.state()));
  }

  public boolean hasFailure() {
    return FAILED.equals(state) || tasks.stream().anyMatch(t -> FAILED.equals(t.state()));
  }
}
