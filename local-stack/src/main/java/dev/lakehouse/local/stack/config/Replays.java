package dev.lakehouse.local.stack.config;

import dev.lakehouse.local.stack.InvalidInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * The replays started in a stack ({@code ./lakehouse replay start}), one id per line in the data
 * folder: they belong to the stack from then on, so {@code up}, {@code down} and {@code ps} include them.
 */
public final class Replays {
  private Replays() {}

  public static List<Replay> started(StackLayout layout) {
    Path file = layout.replaysFile();
    if (!Files.exists(file)) {
      return List.of();
    }
    try {
      return Files.readAllLines(file).stream().map(String::trim).filter(line -> !line.isEmpty()).distinct()
          .map(Replay::new).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the replays of the stack from " + file, e);
    } catch (InvalidInputException e) {
      throw new InvalidInputException(e.getMessage() + "; it is a line of " + file + ": correct or remove it", e);
    }
  }

  public static void record(StackLayout layout, Replay replay) {
    if (started(layout).contains(replay)) {
      return;
    }
    try {
      Files.createDirectories(layout.replaysFile().getParent());
      Files.writeString(layout.replaysFile(), replay.id() + System.lineSeparator(), StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot record replay " + replay.id() + " in " + layout.replaysFile(), e);
    }
  }
}
