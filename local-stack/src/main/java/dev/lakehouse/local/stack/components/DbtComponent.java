package dev.lakehouse.local.stack.components;

import dev.lakehouse.conventions.DurationFormat;
import dev.lakehouse.local.stack.Component;
import dev.lakehouse.local.stack.Progress;
import dev.lakehouse.local.stack.Readiness;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.process.DetachedProcess;
import dev.lakehouse.testkit.DbtProject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * dbt's models on the local Trino: one {@code dbt run} of the whole project (staging views, marts,
 * serving views; on empty tables too, so the serving views exist from the start), then
 * {@code dbt/bin/schedule.py} in the background keeps the marts fresh (a run every {@code dbt.every}). Both read
 * the sink's tables from the namespace {@code ./lakehouse replay switch} chose, or {@code lakehouse}.
 */
public final class DbtComponent implements Component {
  public static final String NAME = "dbt";
  /** The namespace of the live pipeline's tables. */
  public static final String LIVE_SCHEMA = "lakehouse";
  /** Read by dbt/bin/schedule.py (its --source-schema). */
  private static final String SOURCE_SCHEMA_VARIABLE = "DBT_SOURCE_SCHEMA";

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
    String sourceSchema = sourceSchema(config);
    env.put(SOURCE_SCHEMA_VARIABLE, sourceSchema);
    String project = DbtProject.dir(config.repoDir()).toString();
    Process run = DetachedProcess.launch(NAME, List.of(DbtProject.venvExecutable(config.repoDir(), "dbt").toString(),
        "run", "--target", "local", "--project-dir", project, "--no-use-colors", "--vars",
        "{source_schema: " + sourceSchema + "}"), config.layout(), env);
    Readiness.awaitSuccess(new Readiness.StartedComponent(NAME, "build the dbt models (dbt run)", run, config.layout()),
        config.startupTimeout(), progress);
    DetachedProcess.start(NAME, schedulerCommand(config), config.layout(), env);
    return "models in iceberg.analytics from " + sourceSchema + "; dbt/bin/schedule.py refreshes the marts every "
        + DurationFormat.format(config.dbtEvery());
  }

  /** {@code dbt/bin/schedule.py} with its {@code --interval} in seconds, the unit it reads. */
  public static List<String> schedulerCommand(StackConfig config) {
    String seconds = BigDecimal.valueOf(config.dbtEvery().toMillis(), 3).stripTrailingZeros().toPlainString();
    return List.of(DbtProject.venvExecutable(config.repoDir(), "python").toString(),
        DbtProject.dir(config.repoDir()).resolve("bin/schedule.py").toString(), "--target", "local", "--interval", seconds);
  }

  /** The namespace the models read the sink's tables from: the one a switch recorded, or {@code lakehouse}. */
  public static String sourceSchema(StackConfig config) {
    Path file = config.layout().dbtSourceSchemaFile();
    try {
      return Files.exists(file) ? Files.readString(file).trim() : LIVE_SCHEMA;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the dbt source schema from " + file, e);
    }
  }

  /** Records the namespace the models read from; a dbt already running takes it when restarted. */
  public static void switchSource(StackConfig config, String schema) {
    try {
      Files.createDirectories(config.layout().configDir());
      Files.writeString(config.layout().dbtSourceSchemaFile(), schema + System.lineSeparator());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot record the dbt source schema in " + config.layout().dbtSourceSchemaFile(), e);
    }
  }
}
