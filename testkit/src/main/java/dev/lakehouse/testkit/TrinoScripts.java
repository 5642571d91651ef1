package dev.lakehouse.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The local Trino of {@code local-stack/trino}: whether {@code install.sh} has installed it, and the
 * environment its {@code start.sh} and {@code stop.sh} read to serve one warehouse.
 */
public final class TrinoScripts {
  /** Extra JVM options start.sh puts after Trino's own {@code etc/jvm.config}. */
  public static final String JVM_OPTIONS_VARIABLE = "TRINO_JVM_OPTIONS";
  /** How long start.sh waits for Trino to answer, in seconds (its own default: 120). */
  public static final String START_TIMEOUT_VARIABLE = "TRINO_START_TIMEOUT_SECONDS";
  /**
   * C1 only and the serial collector: on a small, shared machine Trino is ready in about half the time
   * and uses a third less CPU (dbt/bin/test.sh: 192-206 CPU s against 268-303 with Trino's own settings).
   */
  public static final List<String> QUICK_START = List.of("-XX:TieredStopAtLevel=1", "-XX:-UseG1GC", "-XX:+UseSerialGC");

  private TrinoScripts() {}

  public static Path script(Path repoDir, String name) {
    return repoDir.resolve("local-stack").resolve("trino").resolve(name);
  }

  /** Why Trino cannot start here, or empty when it can; follows env.sh: TRINO_HOME, else tools/trino-*. */
  public static Optional<String> missing(Path repoDir) {
    if (!Files.isExecutable(script(repoDir, "start.sh")) || !installed(repoDir)) {
      return Optional.of("not installed (./lakehouse setup installs it)");
    }
    return Optional.empty();
  }

  private static boolean installed(Path repoDir) {
    String home = System.getenv("TRINO_HOME");
    if (home != null && !home.isBlank()) {
      return Files.exists(Path.of(home, ".installed"));
    }
    try (Stream<Path> dirs = Files.list(repoDir.resolve("tools"))) {
      return dirs.anyMatch(dir -> dir.getFileName().toString().startsWith("trino-") && Files.exists(dir.resolve(".installed")));
    } catch (IOException e) {
      return false;
    }
  }

  /** What start.sh and stop.sh need to serve the warehouse under {@code dataDir} on {@code trinoPort}. */
  public static Map<String, String> environment(Path dataDir, int trinoPort, String s3Endpoint) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("LAKEHOUSE_DATA_DIR", dataDir.toString());
    env.put("TRINO_PORT", Integer.toString(trinoPort));
    env.put("LAKEHOUSE_S3_ENDPOINT", s3Endpoint);
    env.put("LAKEHOUSE_CATALOG_URI", LocalCatalog.jdbcUri(new WarehouseLayout(dataDir).catalogFile()));
    return env;
  }
}
