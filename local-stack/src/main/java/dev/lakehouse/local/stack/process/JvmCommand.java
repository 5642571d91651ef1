package dev.lakehouse.local.stack.process;

import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.testkit.JavaCommand;
import java.nio.file.Path;
import java.util.List;

/**
 * The command line of one component JVM. Every such JVM carries {@code -Dlakehouse.component} and
 * {@code -Dlakehouse.data-dir}, so that {@code down} only ever signals a process it started.
 */
public final class JvmCommand {
  static final String COMPONENT_PROPERTY = "lakehouse.component";
  static final String DATA_DIR_PROPERTY = "lakehouse.data-dir";

  private JvmCommand() {}

  /** A component JVM of a stack: its heap, its markers and the stack's {@code jvm.options}. */
  public static JavaCommand forComponent(StackConfig config, String component, String heap, String classpath,
      String mainClass) {
    return forComponent(config, component, heap, List.of(), classpath, mainClass);
  }

  /** The same with the component's own JVM options, which the stack's {@code jvm.options} can override. */
  public static JavaCommand forComponent(StackConfig config, String component, String heap,
      List<String> componentOptions, String classpath, String mainClass) {
    return of(component, config.dataDir(), heap, classpath, mainClass).jvmOptions(componentOptions)
        .jvmOptions(config.jvmOptions());
  }

  /** A JVM marked as {@code component} of the stack under {@code dataDir}. */
  public static JavaCommand of(String component, Path dataDir, String heap, String classpath, String mainClass) {
    return new JavaCommand(classpath, mainClass)
        .heap(heap)
        .systemProperty(COMPONENT_PROPERTY, component)
        .systemProperty(DATA_DIR_PROPERTY, dataDir.toString());
  }

  static String marker(String property, String value) {
    return "-D" + property + "=" + value;
  }
}
