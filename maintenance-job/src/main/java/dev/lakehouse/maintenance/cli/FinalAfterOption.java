package dev.lakehouse.maintenance.cli;

import dev.lakehouse.conventions.DurationConverter;
import dev.lakehouse.maintenance.replay.ReplayComparison;
import java.time.Duration;
import picocli.CommandLine.Option;

/** {@code --final-after}: every command that compares a replay with the live tables takes it (a picocli mixin). */
public final class FinalAfterOption {
  @Option(names = "--final-after", paramLabel = "<duration>", converter = DurationConverter.class,
      defaultValue = ReplayComparison.DEFAULT_FINAL_AFTER, description = "for a replay's comparison with the live tables"
          + " while the inputs move: how far behind stream time every result of a record is final, the Streams app's"
          + " payment join window plus its grace (default: ${DEFAULT-VALUE})")
  Duration finalAfter;

  public Duration get() {
    return finalAfter;
  }
}
