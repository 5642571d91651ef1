package dev.lakehouse.local.faults;

import java.time.Duration;

/**
 * One step of a fault schedule: what happens to which component, after how long a pause.
 *
 * @param target a component name ({@code streams-2}, {@code connect}, {@code services}); for a
 *     rolling restart the component kind ({@code streams} or {@code connect}); empty for a maintenance run
 */
public record Fault(Kind kind, String target, Duration pauseBefore) {

  public enum Kind {
    /** SIGKILL, as a lost machine; its supervisor starts it again a moment later. */
    KILL,
    /** Every instance of a kind in turn: SIGTERM, start, wait until ready. */
    ROLLING_RESTART,
    /** SIGTERM one instance, run without it for a while (its work moves to the others), start it again. */
    SCALE_DOWN_UP,
    /** One run of the maintenance job (compaction, expiry, orphans) beside the live writers. */
    MAINTENANCE_RUN,
    /** SIGTERM the services JVM (broker, S3 server, catalog) and start it again; the clients reconnect. */
    BROKER_RESTART
  }

  /** What a person reads in the schedule and the log, e.g. {@code kill -9 streams-2}. */
  public String describe() {
    return switch (kind) {
      case KILL -> "kill -9 " + target;
      case ROLLING_RESTART -> "rolling restart of every " + target + " instance";
      case SCALE_DOWN_UP -> "scale down (stop " + target + ") and up again";
      case MAINTENANCE_RUN -> "maintenance run";
      case BROKER_RESTART -> "restart " + target + " (broker, S3 server, catalog)";
    };
  }
}
