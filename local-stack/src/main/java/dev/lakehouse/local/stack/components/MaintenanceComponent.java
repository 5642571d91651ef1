package dev.lakehouse.local.stack.components;

import dev.lakehouse.conventions.DurationFormat;
import dev.lakehouse.local.stack.config.MaintenanceConfigFile;
import dev.lakehouse.local.stack.config.ModuleJars;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.process.JvmCommand;
import dev.lakehouse.maintenance.cli.MaintenanceJob;
import dev.lakehouse.testkit.JavaCommand;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/** The maintenance job (own JVM) on its schedule: {@code maintenance-job run --every <maintenance.every>}. */
public final class MaintenanceComponent extends JvmComponent {
  public static final String NAME = "maintenance";
  public static final String MODULE = "maintenance-job";
  public static final String MAIN_CLASS = MaintenanceJob.class.getName();

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "Maintenance job";
  }

  @Override
  public Optional<String> skipReason(StackConfig config) {
    if (!config.enabled(Setting.MAINTENANCE_ENABLED)) {
      return Optional.of("maintenance.enabled=false");
    }
    if (!ModuleJars.isBuilt(config.repoDir(), MODULE)) {
      return Optional.of(ModuleJars.jar(config.repoDir(), MODULE) + " is not built (./lakehouse setup builds it)");
    }
    return Optional.empty();
  }

  @Override
  protected void prepare(StackConfig config) {
    MaintenanceConfigFile.write(config);
  }

  @Override
  protected JavaCommand command(StackConfig config) {
    return jobCommand(config, NAME, arguments(config));
  }

  /** The maintenance job's JVM as the stack's component {@code component}, with {@code args} (e.g. one run). */
  public static JavaCommand jobCommand(StackConfig config, String component, List<String> args) {
    return JvmCommand.forComponent(config, component, config.heap(Setting.MAINTENANCE_HEAP),
        ModuleJars.classpath(config.repoDir(), MODULE, "the maintenance job"), MAIN_CLASS)
        .simpleLogging("org.apache.iceberg", "org.apache.hadoop")
        .args(args);
  }

  public static List<String> arguments(StackConfig config) {
    return List.of("run", "--config", MaintenanceConfigFile.file(config).toString(), "--every", DurationFormat.format(config.maintenanceEvery()));
  }

  /** It has no port: running for a few seconds without a config error counts as started. */
  @Override
  protected BooleanSupplier readiness(StackConfig config) {
    long readyAt = System.nanoTime() + 3_000_000_000L;
    return () -> System.nanoTime() > readyAt;
  }

  @Override
  protected String detail(StackConfig config) {
    return "every " + DurationFormat.format(config.maintenanceEvery()) + ", config " + MaintenanceConfigFile.file(config);
  }
}
