package dev.lakehouse.local.stack;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Trino, when installed ({@code local-stack/trino/install.sh}): started and stopped through the
 * SQL engineer's scripts, which run Trino's own launcher (it keeps its pid under the data folder).
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

  private static Path script(StackConfig config, String name) {
    return config.repoDir().resolve("local-stack/trino").resolve(name);
  }

  /** Follows local-stack/trino/env.sh: TRINO_HOME, else the newest tools/trino-* folder. */
  static boolean installed(StackConfig config) {
    String home = System.getenv("TRINO_HOME");
    if (home != null && !home.isBlank()) {
      return Files.exists(Path.of(home, ".installed"));
    }
    try (Stream<Path> dirs = Files.list(config.repoDir().resolve("tools"))) {
      return dirs.anyMatch(dir -> dir.getFileName().toString().startsWith("trino-") && Files.exists(dir.resolve(".installed")));
    } catch (IOException e) {
      return false;
    }
  }

  @Override
  public Optional<String> skipReason(StackConfig config) {
    if (!config.enabled(Setting.TRINO_ENABLED)) {
      return Optional.of("trino.enabled=false");
    }
    if (!Files.isExecutable(script(config, "start.sh")) || !installed(config)) {
      return Optional.of("not installed (./lakehouse setup installs it)");
    }
    return Optional.empty();
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

  static Map<String, String> environment(StackConfig config) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("LAKEHOUSE_DATA_DIR", config.dataDir().toString());
    env.put("TRINO_PORT", Integer.toString(config.trinoPort()));
    env.put("LAKEHOUSE_S3_ENDPOINT", config.s3Endpoint());
    env.put("LAKEHOUSE_CATALOG_URI", LocalCatalog.jdbcUri(config.layout().catalogFile()));
    return env;
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
    Process process = DetachedProcess.launch(NAME, List.of("bash", script(config, name).toString()), config.layout(),
        environment(config));
    Readiness.awaitSuccess(new Readiness.StartedComponent(NAME, "run local-stack/trino/" + name, process, config.layout()),
        config.startupTimeout(), progress);
  }
}
