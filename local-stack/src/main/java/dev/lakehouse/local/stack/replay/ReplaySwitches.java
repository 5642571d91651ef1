package dev.lakehouse.local.stack.replay;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.local.stack.config.Replay;
import dev.lakehouse.local.stack.config.StackLayout;
import dev.lakehouse.maintenance.replay.ReplayComparison;
import dev.lakehouse.maintenance.replay.TableComparison;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;

/**
 * Every switch of dbt to a replay, one JSON line each in {@code <data-dir>/config/replay-switches.jsonl}:
 * when, to which namespace, the tables that differed from the live ones, and the reason given for
 * switching all the same ({@code --accept-differences}), so that a changed number can be traced to
 * the decision that let it through.
 */
public final class ReplaySwitches {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One switch as recorded; {@code acceptedDifferences} is null when the replay was the same as live. */
  public record Entry(String switchedAt, String namespace, List<String> differingTables, String acceptedDifferences) {}

  private ReplaySwitches() {}

  public static Entry record(StackLayout layout, Replay replay, ReplayComparison comparison, String acceptedDifferences) {
    Entry entry = new Entry(Instant.now().toString(), replay.namespace(),
        comparison.tables().stream().filter(t -> !t.same()).map(TableComparison::table).toList(), acceptedDifferences);
    try {
      Files.createDirectories(layout.configDir());
      Files.writeString(layout.replaySwitchesFile(), JSON.writeValueAsString(entry) + System.lineSeparator(),
          StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot record the switch to " + replay.namespace() + " in "
          + layout.replaySwitchesFile(), e);
    }
    return entry;
  }

  public static List<Entry> read(StackLayout layout) throws IOException {
    if (!Files.exists(layout.replaySwitchesFile())) {
      return List.of();
    }
    return Files.readAllLines(layout.replaySwitchesFile()).stream().filter(line -> !line.isBlank())
        .map(line -> {
          try {
            return JSON.readValue(line, Entry.class);
          } catch (IOException e) {
            throw new UncheckedIOException("Cannot read a line of " + layout.replaySwitchesFile() + ": " + line, e);
          }
        }).toList();
  }
}
