package dev.lakehouse.local.stack;

import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.process.PidFiles;
import java.util.List;
import java.util.Optional;

/** One part of the local stack as {@code up}, {@code down} and {@code status} see it. */
public interface Component {

  /** Short name: its log file, pid file and the argument of {@code lakehouse logs}. */
  String name();

  /** What the user reads in progress lines and errors. */
  String title();

  /** Why this component is left out (disabled or not installed), or empty when it starts. */
  default Optional<String> skipReason(StackConfig config) {
    return Optional.empty();
  }

  /** The ports it listens on, checked before anything starts. */
  default List<PortUse> ports(StackConfig config) {
    return List.of();
  }

  default boolean isRunning(StackConfig config) {
    return PidFiles.find(config.layout(), name()).isPresent();
  }

  /** Starts it and waits until it is ready; returns a short detail for the progress line (its address). */
  String start(StackConfig config, Progress progress);

  /** Stops it (SIGTERM, then SIGKILL after the stop timeout). */
  default StopResult stop(StackConfig config) {
    return PidFiles.stop(config.layout(), name(), config.stopTimeout());
  }

  /** A port a component binds and the setting that moves it. */
  record PortUse(int port, Setting setting) {}
}
