package dev.lakehouse.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** The dbt project ({@code dbt/}) and the project venv ({@code .venv}) that runs it, against a local Trino. */
public final class DbtProject {
  private DbtProject() {}

  public static Path dir(Path repoDir) {
    return repoDir.resolve("dbt");
  }

  /** {@code .venv/bin/<name>}. */
  public static Path venvExecutable(Path repoDir, String name) {
    return repoDir.resolve(".venv/bin").resolve(name);
  }

  /** Why dbt cannot run here, or empty when it can. */
  public static Optional<String> missing(Path repoDir) {
    return Files.isExecutable(venvExecutable(repoDir, "dbt")) ? Optional.empty()
        : Optional.of(venvExecutable(repoDir, "dbt") + " is missing (./lakehouse setup creates .venv)");
  }

  /** The profile's settings (dbt/profiles.yml) for the target {@code local} on a Trino on {@code trinoPort}. */
  public static Map<String, String> environment(Path repoDir, int trinoPort) {
    return Map.of("TRINO_HOST", "127.0.0.1", "TRINO_PORT", Integer.toString(trinoPort),
        "DBT_PROFILES_DIR", dir(repoDir).toString(), "DBT_SEND_ANONYMOUS_USAGE_STATS", "false");
  }
}
