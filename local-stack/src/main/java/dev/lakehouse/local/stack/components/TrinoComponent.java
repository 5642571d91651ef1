package dev.lakehouse.local.stack.components;

import dev.lakehouse.local.stack.Progress;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.process.Http;
import dev.lakehouse.testkit.TrinoScripts;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Trino, when installed ({@code local-stack/trino/install.sh}): started and stopped through the
 * scripts in {@code local-stack/trino}, which run Trino's own launcher (it keeps its pid under the
 * data folder).
 */
public final class TrinoComponent extends ScriptedComponent {
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
  protected Path script(StackConfig config, String name) {
    return TrinoScripts.script(config.repoDir(), name);
  }

  @Override
  protected Map<String, String> environment(StackConfig config) {
    Map<String, String> environment = new LinkedHashMap<>(
        TrinoScripts.environment(config.dataDir(), config.trinoPort(), config.s3Endpoint()));
    // the stack's wait for one component, not start.sh's shorter default: a loaded machine starts
    // Trino in more than 120 s
    environment.put(TrinoScripts.START_TIMEOUT_VARIABLE, Long.toString(config.startupTimeout().toSeconds()));
    List<String> jvmOptions = config.trinoJvmOptions();
    if (!jvmOptions.isEmpty()) {
      environment.put(TrinoScripts.JVM_OPTIONS_VARIABLE, String.join(" ", jvmOptions));
    }
    return environment;
  }
}
