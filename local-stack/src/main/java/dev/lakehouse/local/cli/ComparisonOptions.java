package dev.lakehouse.local.cli;

import dev.lakehouse.conventions.DurationConverter;
import dev.lakehouse.maintenance.cli.FinalAfterOption;
import java.time.Duration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** How a replay is compared with the live tables: the options {@code replay compare} and {@code replay switch} share. */
final class ComparisonOptions {
  @Option(names = "--settle", paramLabel = "<duration>", converter = DurationConverter.class, defaultValue = "0s",
      description = "leave out the ledger rows of either run younger than this, whose outputs may not have landed yet;"
          + " 0s once the replay caught up (./lakehouse status shows its lag) (default: ${DEFAULT-VALUE})")
  Duration settle;

  @Mixin FinalAfterOption finalAfter;
}
