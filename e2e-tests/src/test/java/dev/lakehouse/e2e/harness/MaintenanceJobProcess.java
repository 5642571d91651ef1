package dev.lakehouse.e2e.harness;

import dev.lakehouse.local.stack.JvmCommand;
import dev.lakehouse.local.stack.MaintenanceComponent;
import dev.lakehouse.local.stack.MaintenanceConfigFile;
import dev.lakehouse.local.stack.ModuleJars;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One run of the maintenance job's packaged CLI in its own JVM, with the config the local stack
 * writes for its catalog and settings overridden through {@code MAINTENANCE_*} environment
 * variables, as an operator would.
 */
public final class MaintenanceJobProcess {
  private MaintenanceJobProcess() {}

  /** {@code maintenance-job run --config <stack config> --once <args>}; returns the exit code. */
  public static int runOnce(PipelineStack stack, Map<String, String> environment, String... args) throws Exception {
    Path config = MaintenanceConfigFile.write(stack.config());
    List<String> arguments = new ArrayList<>(List.of("run", "--config", config.toString(), "--once"));
    arguments.addAll(List.of(args));
    List<String> command = JvmCommand.forComponent(stack.config(), "maintenance-once", "512m",
            ModuleJars.classpath(PipelineStack.repoDir(), MaintenanceComponent.MODULE, "the maintenance job"),
            MaintenanceComponent.MAIN_CLASS)
        .simpleLogging("org.apache.iceberg", "org.apache.hadoop")
        .args(arguments)
        .toList();
    ProcessBuilder builder = new ProcessBuilder(command).inheritIO().redirectInput(new File("/dev/null"));
    builder.environment().putAll(environment);
    Process process = builder.start();
    if (!process.waitFor(3, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new IllegalStateException("Cannot finish the maintenance run within 3 minutes: " + String.join(" ", command));
    }
    return process.exitValue();
  }
}
