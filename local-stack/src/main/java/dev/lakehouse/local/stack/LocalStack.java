package dev.lakehouse.local.stack;

import dev.lakehouse.local.stack.components.Components;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.process.PortCheck;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * Starts, stops and lists the components of the local stack, in order. {@code up} is idempotent:
 * a running component is left alone; {@code down} stops in reverse order and is idempotent too.
 * Tests use it directly: {@code try (StackHandle stack = LocalStack.standard(config, out).up()) ...}.
 */
public final class LocalStack {
  private final StackConfig config;
  private final List<Component> components;
  private final PrintStream out;

  public LocalStack(StackConfig config, List<Component> components, PrintStream out) {
    this.config = config;
    this.components = List.copyOf(components);
    this.out = out;
  }

  /** Every component of these settings, in start order, with the local-stack classpath of this JVM for the services. */
  public static LocalStack standard(StackConfig config, PrintStream out) {
    return new LocalStack(config, Components.standard(config, System.getProperty("java.class.path")), out);
  }

  public List<Component> components() {
    return components;
  }

  public StackHandle up() {
    long startNanos = System.nanoTime();
    requireFreePorts();
    Progress progress = new Progress(out, components.size());
    for (Component component : components) {
      progress.begin(component.title());
      Optional<String> skip = component.skipReason(config);
      if (skip.isPresent()) {
        progress.skipped(skip.get());
      } else if (component.isRunning(config)) {
        progress.skipped("already running");
      } else {
        start(component, progress);
      }
    }
    out.println("Local stack up in " + Progress.seconds(Duration.ofNanos(System.nanoTime() - startNanos))
        + "; data in " + config.dataDir() + ", logs in " + config.layout().logsDir());
    return new StackHandle(config, this);
  }

  private void start(Component component, Progress progress) {
    try {
      progress.done("ready", component.start(config, progress));
    } catch (RuntimeException e) {
      progress.failed();
      throw e instanceof StackException
          ? new StackException(e.getMessage() + System.lineSeparator()
              + "Components started before it keep running; stop them with ./lakehouse down", e)
          : e;
    }
  }

  /** Checks every port of every component that would start, before starting any. */
  private void requireFreePorts() {
    List<String> taken = new ArrayList<>();
    List<Integer> ports = new ArrayList<>();
    for (Component component : components) {
      if (component.skipReason(config).isPresent() || component.isRunning(config)) {
        continue;
      }
      for (Component.PortUse use : component.ports(config)) {
        if (!PortCheck.isFree(use.port())) {
          taken.add(PortCheck.taken(component.title(), use.port(), use.setting()));
          ports.add(use.port());
        }
      }
    }
    if (!taken.isEmpty()) {
      throw new PortsTakenException(String.join(System.lineSeparator(), taken), ports);
    }
  }

  /** Stops every component in reverse start order; returns the names of those that were running. */
  public List<String> down() {
    List<String> stopped = new ArrayList<>();
    List<Component> reversed = new ArrayList<>(components);
    Collections.reverse(reversed);
    for (Component component : reversed) {
      long startNanos = System.nanoTime();
      StopResult result = component.stop(config);
      if (result != StopResult.NOT_RUNNING) {
        stopped.add(component.name());
        out.println("Stopped " + component.title() + " in " + Progress.seconds(Duration.ofNanos(System.nanoTime() - startNanos))
            + (result == StopResult.KILLED ? " (killed: it did not exit within stop.timeout-seconds of SIGTERM)" : ""));
      }
    }
    out.println(stopped.isEmpty() ? "Nothing was running (data in " + config.dataDir() + ")"
        : "Local stack stopped; data kept in " + config.dataDir());
    return stopped;
  }

  /** Which components are running, in start order. */
  public List<ComponentState> states() {
    return components.stream()
        .map(c -> new ComponentState(c.name(), c.title(),
            c.skipReason(config).map(reason -> "skipped: " + reason).orElse(c.isRunning(config) ? "running" : "stopped")))
        .toList();
  }

  public record ComponentState(String name, String title, String state) {}
}
