package dev.lakehouse.local.faults;

import dev.lakehouse.local.stack.Component;
import dev.lakehouse.local.stack.Progress;
import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.local.stack.components.MaintenanceComponent;
import dev.lakehouse.local.stack.config.MaintenanceConfigFile;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.process.PidFiles;
import dev.lakehouse.testkit.ChildProcess;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a fault schedule against a running local stack: each fault after its pause, one line per
 * fault with what was done and how long the component took to be ready again.
 */
public final class FaultRunner {
  /** How long a killed component stays down before its "supervisor" starts it again. */
  private static final Duration DOWN_AFTER_KILL = Duration.ofSeconds(3);
  /** How long the stack runs with one Streams instance fewer. */
  private static final Duration SCALED_DOWN_FOR = Duration.ofSeconds(20);
  private static final Duration MAINTENANCE_TIMEOUT = Duration.ofMinutes(10);

  private final StackConfig config;
  private final List<Component> components;
  private final PrintStream out;

  public FaultRunner(StackConfig config, List<Component> components, PrintStream out) {
    this.config = config;
    this.components = List.copyOf(components);
    this.out = out;
  }

  public void run(List<Fault> faults) throws InterruptedException {
    for (int i = 0; i < faults.size(); i++) {
      Fault fault = faults.get(i);
      Thread.sleep(fault.pauseBefore().toMillis());
      long startNanos = System.nanoTime();
      out.printf("[fault %d/%d] %s%n", i + 1, faults.size(), fault.describe());
      apply(fault);
      out.printf("[fault %d/%d] done in %s%n", i + 1, faults.size(),
          Progress.seconds(Duration.ofNanos(System.nanoTime() - startNanos)));
    }
  }

  private void apply(Fault fault) throws InterruptedException {
    switch (fault.kind()) {
      case KILL -> {
        kill(fault.target());
        Thread.sleep(DOWN_AFTER_KILL.toMillis());
        start(fault.target());
      }
      case ROLLING_RESTART -> {
        for (Component instance : instancesOf(fault.target())) {
          restart(instance);
        }
      }
      case SCALE_DOWN_UP -> {
        Component instance = component(fault.target());
        instance.stop(config);
        Thread.sleep(SCALED_DOWN_FOR.toMillis());
        start(instance);
      }
      case MAINTENANCE_RUN -> runMaintenanceOnce();
      case BROKER_RESTART -> restart(component(fault.target()));
    }
  }

  /** SIGKILL, as a crash: no shutdown hooks, no flush, no commit; returns once the process is gone. */
  public void kill(String name) throws InterruptedException {
    ProcessHandle process = PidFiles.find(config.layout(), name)
        .orElseThrow(() -> new StackException("Cannot kill " + name + ": it is not running (./lakehouse ps)"));
    process.destroyForcibly();
    try {
      process.onExit().get(30, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new StackException("Cannot kill " + name + " (pid " + process.pid() + "): it did not exit within 30 s");
    }
  }

  private void restart(Component component) {
    component.stop(config);
    start(component);
  }

  /** Starts a stopped component again and waits until it is ready. */
  public void start(String name) {
    start(component(name));
  }

  private void start(Component component) {
    component.start(config, new Progress(out, 1));
  }

  private void runMaintenanceOnce() throws InterruptedException {
    MaintenanceConfigFile.write(config);
    try (ChildProcess run = MaintenanceComponent.jobCommand(config, "maintenance-once",
            List.of("run", "--config", MaintenanceConfigFile.file(config).toString()))
        .start(config.layout().logsDir().resolve("maintenance-once.log"))) {
      int exit = run.waitFor(MAINTENANCE_TIMEOUT);
      if (exit != 0) {
        throw new StackException("The maintenance run exited with " + exit + "; see "
            + config.layout().logsDir().resolve("maintenance-once.log"));
      }
    } catch (IOException e) {
      throw new StackException("Cannot start the maintenance run: " + e.getMessage(), e);
    }
  }

  private Component component(String name) {
    return components.stream().filter(c -> c.name().equals(name)).findFirst()
        .orElseThrow(() -> new StackException("Cannot apply a fault to " + name + ": the stack has no such component; it has "
            + components.stream().map(Component::name).toList()));
  }

  private List<Component> instancesOf(String kind) {
    return components.stream().filter(c -> c.name().equals(kind) || c.name().startsWith(kind + "-")).toList();
  }
}
