package dev.lakehouse.local.stack;

import dev.lakehouse.testkit.TrinoScripts;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;

/**
 * Trino, when installed ({@code local-stack/trino/install.sh}): started and stopped through the
 * scripts in {@code local-stack/trino}, which run Trino's own launcher (it keeps its pid under the
 * data folder).
 */
public final class TrinoComponent implements Component {
  public static final String NAME = "trino";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "Trino";
  }

  @Override
  public Optional<String> skipReason(StackConfig config) {
    if (!config.enabled(Setting.TRINO_ENABLED)) {
      return Optional.of("trino.enabled=false");
    }
    return TrinoScripts.missing(config.repoDir());
  }

  @Override
  public List<PortUse> ports(StackConfig config) {
    return List.of(new PortUse(config.trinoPort(), Setting.TRINO_PORT));
  }

  @Override
  public boolean isRunning(StackConfig config) {
    try {
      Http.Response info = Http.get("http://127.0.0.1:" + config.trinoPort() + "/v1/info");
      return info.ok() && info.body().contains("\"coordinator\"");
    } catch (IOException e) {
      return false;
    }
  }

  @Override
  public String start(StackConfig config, Progress progress) {
    runScript(config, "start.sh", progress);
    return "http://127.0.0.1:" + config.trinoPort() + ", ./lakehouse sql \"show tables\"";
  }

  @Override
  public StopResult stop(StackConfig config) {
    if (skipReason(config).isPresent() || !isRunning(config)) {
      return StopResult.NOT_RUNNING;
    }
    runScript(config, "stop.sh", new Progress(new PrintStream(OutputStream.nullOutputStream()), 1));
    return StopResult.STOPPED;
  }

  private static void runScript(StackConfig config, String name, Progress progress) {
    Process process = DetachedProcess.launch(NAME, List.of("bash", TrinoScripts.script(config.repoDir(), name).toString()),
        config.layout(), TrinoScripts.environment(config.dataDir(), config.trinoPort(), config.s3Endpoint()));
    Readiness.awaitSuccess(new Readiness.StartedComponent(NAME, "run local-stack/trino/" + name, process, config.layout()),
        config.startupTimeout(), progress);
  }
}
