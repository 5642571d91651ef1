package dev.lakehouse.e2e.harness;

import dev.lakehouse.local.stack.JvmCommand;
import dev.lakehouse.local.stack.MaintenanceComponent;
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
  private static final String MAIN_CLASS = "dev.lakehouse.maintenance.cli.MaintenanceJob";

  private MaintenanceJobProcess() {}

  /** {@code maintenance-job run --config <stack config> --once <args>}; returns the exit code. */
  public static int runOnce(PipelineStack stack, Map<String, String> environment, String... args) throws Exception {
    return run(stack, environment, ProcessBuilder.Redirect.INHERIT, "run", List.of("--once"), args);
  }

  /** {@code maintenance-job erase --config <stack config> <args>}, stdout and stderr to {@code output}; returns the exit code. */
  public static int erase(PipelineStack stack, Path output, String... args) throws Exception {
    return run(stack, Map.of(), ProcessBuilder.Redirect.to(output.toFile()), "erase", List.of(), args);
  }

  private static int run(PipelineStack stack, Map<String, String> environment, ProcessBuilder.Redirect output,
      String command, List<String> options, String... args) throws Exception {
    Path config = MaintenanceComponent.writeConfig(stack.config());
    List<String> arguments = new ArrayList<>(List.of(command, "--config", config.toString()));
    arguments.addAll(options);
    arguments.addAll(List.of(args));
    List<String> java = JvmCommand.forComponent(stack.config(), "maintenance-" + command, "512m",
            ModuleJars.classpath(PipelineStack.repoDir(), "maintenance-job", "the maintenance job"), MAIN_CLASS)
        .simpleLogging("org.apache.iceberg", "org.apache.hadoop")
        .args(arguments)
        .toList();
    ProcessBuilder builder = new ProcessBuilder(java).redirectOutput(output).redirectErrorStream(true)
        .redirectInput(new File("/dev/null"));
    builder.environment().putAll(environment);
    Process process = builder.start();
    if (!process.waitFor(3, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new IllegalStateException("Cannot finish the maintenance run within 3 minutes: " + String.join(" ", java));
    }
    return process.exitValue();
  }
}
