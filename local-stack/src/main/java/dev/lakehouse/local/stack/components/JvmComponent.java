package dev.lakehouse.local.stack.components;

import dev.lakehouse.local.stack.Component;
import dev.lakehouse.local.stack.Progress;
import dev.lakehouse.local.stack.Readiness;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.process.DetachedProcess;
import dev.lakehouse.testkit.JavaCommand;
import java.util.Map;
import java.util.function.BooleanSupplier;

/** A component that is one detached JVM: prepare its files, launch it, wait until it is ready. */
public abstract class JvmComponent implements Component {

  /** Writes config files and removes stale markers before the launch. */
  protected void prepare(StackConfig config) {}

  protected abstract JavaCommand command(StackConfig config);

  /** True once the component serves; polled until the startup timeout. */
  protected abstract BooleanSupplier readiness(StackConfig config);

  /** Where it can be reached, for the progress line. */
  protected abstract String detail(StackConfig config);

  protected Map<String, String> environment(StackConfig config) {
    return Map.of();
  }

  @Override
  public final String start(StackConfig config, Progress progress) {
    prepare(config);
    Process process = DetachedProcess.start(name(), command(config).toList(), config.layout(), environment(config));
    Readiness.await(new Readiness.StartedComponent(name(), title(), process, config.layout()),
        readiness(config), config.startupTimeout(), progress);
    return detail(config);
  }
}
