package dev.lakehouse.connect.cli;

import dev.lakehouse.connect.rest.ConnectorStatus;
import java.io.PrintWriter;

/** Connector and task states, one line each, with the trace of whatever failed. */
final class StatusPrinter {
  private StatusPrinter() {}

  static void print(ConnectorStatus status, PrintWriter out) {
    out.println("connector " + status.name() + ": " + status.state() + " on " + status.workerId());
    trace(status.trace(), out);
    for (ConnectorStatus.TaskStatus task : status.tasks()) {
      out.println("  task " + task.id() + ": " + task.state() + " on " + task.workerId());
      trace(task.trace(), out);
    }
    out.flush();
  }

  private static void trace(String trace, PrintWriter out) {
    if (trace != null) {
      trace.lines().forEach(line -> out.println("      " + line));
    }
  }
}
