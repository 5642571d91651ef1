package dev.lakehouse.local.stack;

import dev.lakehouse.testkit.DbtProject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * dbt's models on the local Trino: one {@code dbt run} of the whole project (staging views, marts,
 * serving views; on empty tables too, so the serving views exist from the start), then
 * {@code dbt/bin/schedule.py} in the background keeps the marts fresh (a run every 15 s).
 */
public final class DbtComponent implements Component {
  public static final String NAME = "dbt";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "dbt models";
  }

  @Override
  public Optional<String> skipReason(StackConfig config) {
    if (!config.enabled(Setting.DBT_ENABLED)) {
      return Optional.of("dbt.enabled=false");
    }
    Optional<String> trino = new TrinoComponent().skipReason(config);
    if (trino.isPresent()) {
      return Optional.of("needs Trino, which is left out: " + trino.get());
    }
    return DbtProject.missing(config.repoDir());
  }

  @Override
  public String start(StackConfig config, Progress progress) {
    Map<String, String> env = new HashMap<>(DbtProject.environment(config.repoDir(), config.trinoPort()));
    // this stack's manifests and logs under its data folder: dbt runs of another stack or of the
    // tests in the same checkout keep theirs in dbt/target and dbt/logs
    env.put("DBT_TARGET_PATH", config.dataDir().resolve("dbt/target").toString());
    env.put("DBT_LOG_PATH", config.dataDir().resolve("dbt/logs").toString());
    String project = DbtProject.dir(config.repoDir()).toString();
    Process run = DetachedProcess.launch(NAME, List.of(DbtProject.venvExecutable(config.repoDir(), "dbt").toString(),
        "run", "--target", "local", "--project-dir", project, "--no-use-colors"), config.layout(), env);
    Readiness.awaitSuccess(new Readiness.StartedComponent(NAME, "build the dbt models (dbt run)", run, config.layout()),
        config.startupTimeout(), progress);
    DetachedProcess.start(NAME, List.of(DbtProject.venvExecutable(config.repoDir(), "python").toString(),
        DbtProject.dir(config.repoDir()).resolve("bin/schedule.py").toString(), "--target", "local"), config.layout(), env);
    return "models in iceberg.analytics; dbt/bin/schedule.py refreshes the marts every 15 s";
  }
}
