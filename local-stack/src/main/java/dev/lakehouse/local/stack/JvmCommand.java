package dev.lakehouse.local.stack;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of one component JVM. Every such JVM carries {@code -Dlakehouse.component} and
 * {@code -Dlakehouse.data-dir}, so that {@code down} only ever signals a process it started.
 */
public final class JvmCommand {
  static final String COMPONENT_PROPERTY = "lakehouse.component";
  static final String DATA_DIR_PROPERTY = "lakehouse.data-dir";

  private final List<String> jvmOptions = new ArrayList<>();
  private final List<String> args = new ArrayList<>();
  private final String classpath;
  private final String mainClass;

  public JvmCommand(String component, Path dataDir, String heap, String classpath, String mainClass) {
    this.classpath = classpath;
    this.mainClass = mainClass;
    jvmOptions.add("-Xmx" + heap);
    jvmOptions.add(marker(COMPONENT_PROPERTY, component));
    jvmOptions.add(marker(DATA_DIR_PROPERTY, dataDir.toString()));
  }

  /** A component JVM of a stack: its data-dir marker and the stack's {@code jvm.options}. */
  public static JvmCommand forComponent(StackConfig config, String component, String heap, String classpath,
      String mainClass) {
    return new JvmCommand(component, config.dataDir(), heap, classpath, mainClass).jvmOptions(config.jvmOptions());
  }

  static String marker(String property, String value) {
    return "-D" + property + "=" + value;
  }

  public JvmCommand jvmOptions(List<String> options) {
    jvmOptions.addAll(options);
    return this;
  }

  public JvmCommand systemProperty(String name, String value) {
    jvmOptions.add("-D" + name + "=" + value);
    return this;
  }

  public JvmCommand args(List<String> more) {
    args.addAll(more);
    return this;
  }

  public JvmCommand args(String... more) {
    return args(List.of(more));
  }

  /** slf4j-simple settings: timestamps, our classes at INFO, chatty libraries at WARN. */
  public JvmCommand simpleLogging(String... quietLoggers) {
    systemProperty("org.slf4j.simpleLogger.showDateTime", "true");
    systemProperty("org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSS");
    systemProperty("org.slf4j.simpleLogger.defaultLogLevel", "info");
    for (String logger : quietLoggers) {
      systemProperty("org.slf4j.simpleLogger.log." + logger, "warn");
    }
    return this;
  }

  public List<String> toList() {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(classpath);
    command.add(mainClass);
    command.addAll(args);
    return command;
  }
}
