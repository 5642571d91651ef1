package dev.lakehouse.local.stack.components;

import dev.lakehouse.local.stack.Component;
import dev.lakehouse.local.stack.Progress;
import dev.lakehouse.local.stack.Readiness;
import dev.lakehouse.local.stack.StopResult;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.process.DetachedProcess;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A component run by its own {@code start.sh} and {@code stop.sh} (they keep its pid themselves):
 * started when start.sh exits 0, which waits until the component answers.
 */
abstract class ScriptedComponent implements Component {

  /** The script {@code name} of this component. */
  protected abstract Path script(StackConfig config, String name);

  /** The environment both scripts read. */
  protected abstract Map<String, String> environment(StackConfig config);

  @Override
  public StopResult stop(StackConfig config) {
    if (skipReason(config).isPresent() || !isRunning(config)) {
      return StopResult.NOT_RUNNING;
    }
    runScript(config, "stop.sh", new Progress(new PrintStream(OutputStream.nullOutputStream()), 1));
    return StopResult.STOPPED;
  }

  protected void runScript(StackConfig config, String name, Progress progress) {
    Path script = script(config, name);
    Process process = DetachedProcess.launch(name(), List.of("bash", script.toString()), config.layout(), environment(config));
    Readiness.awaitSuccess(new Readiness.StartedComponent(name(), "run " + config.repoDir().relativize(script), process,
        config.layout()), config.startupTimeout(), progress);
  }
}
