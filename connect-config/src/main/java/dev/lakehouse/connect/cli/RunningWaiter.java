package dev.lakehouse.connect.cli;

import dev.lakehouse.connect.rest.ConnectClient;
import dev.lakehouse.connect.rest.ConnectRequestException;
import dev.lakehouse.connect.rest.ConnectorStatus;
import dev.lakehouse.conventions.ExitCode;
import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** Polls a connector's status until it and all its tasks run, one of them fails, or time is up. */
final class RunningWaiter {
  private static final long POLL_MS = 500;

  private RunningWaiter() {}

  static int await(ConnectClient client, String name, int expectedTasks, Duration timeout, PrintWriter out, PrintWriter err) {
    Instant deadline = Instant.now().plus(timeout);
    Optional<ConnectorStatus> last = Optional.empty();
    while (Instant.now().isBefore(deadline)) {
      try {
        last = client.status(name);
      } catch (ConnectRequestException e) {
        if (!e.isConflict()) {
          throw e;
        }
      }
      if (last.isPresent() && last.get().hasFailure()) {
        err.println("Cannot run connector " + name + ": it or one of its tasks FAILED");
        StatusPrinter.print(last.get(), err);
        return ExitCode.FAILED.code();
      }
      if (last.isPresent() && last.get().isRunningWith(expectedTasks)) {
        StatusPrinter.print(last.get(), out);
        return ExitCode.OK.code();
      }
      Sleeper.sleep(POLL_MS);
    }
    err.println("Cannot confirm that connector " + name + " runs: it and its " + expectedTasks
        + " task(s) were not all RUNNING within " + timeout.toSeconds() + " s (raise --timeout-seconds); last status:");
    last.ifPresentOrElse(s -> StatusPrinter.print(s, err), () -> err.println("  (no status yet)"));
    return ExitCode.FAILED.code();
  }
}
