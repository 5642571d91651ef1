package dev.lakehouse.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * The pipeline dashboard of {@code dashboard/} (Apache Superset): whether {@code bin/install.sh}
 * has installed it, the environment its {@code bin/start.sh} and {@code bin/stop.sh} read, and
 * where it answers.
 */
public final class DashboardScripts {
  /** The dashboard's slug in {@code dashboard/assets/dashboards}. */
  private static final String PATH = "/superset/dashboard/lakehouse/";

  private DashboardScripts() {}

  public static Path script(Path repoDir, String name) {
    return repoDir.resolve("dashboard").resolve("bin").resolve(name);
  }

  /** Why the dashboard cannot start here, or empty when it can; follows env.sh's SUPERSET_VENV. */
  public static Optional<String> missing(Path repoDir) {
    String venv = System.getenv("SUPERSET_VENV");
    Path installed = (venv == null || venv.isBlank() ? repoDir.resolve("tools/superset") : Path.of(venv)).resolve(".installed");
    if (!Files.isExecutable(script(repoDir, "start.sh")) || !Files.exists(installed)) {
      return Optional.of("not installed (./lakehouse setup installs it)");
    }
    return Optional.empty();
  }

  /** What start.sh and stop.sh need: its home under {@code dataDir}, its port, the Trino it reads. */
  public static Map<String, String> environment(Path dataDir, int dashboardPort, int trinoPort) {
    return Map.of("LAKEHOUSE_DATA_DIR", dataDir.toString(), "DASHBOARD_PORT", Integer.toString(dashboardPort),
        "TRINO_PORT", Integer.toString(trinoPort));
  }

  public static String baseUrl(int dashboardPort) {
    return "http://127.0.0.1:" + dashboardPort;
  }

  /** The dashboard itself, readable without logging in, on the Superset at {@code baseUrl}. */
  public static String page(String baseUrl) {
    return baseUrl + PATH;
  }

  /** Answers 200 once Superset serves requests. */
  public static String health(String baseUrl) {
    return baseUrl + "/health";
  }
}
