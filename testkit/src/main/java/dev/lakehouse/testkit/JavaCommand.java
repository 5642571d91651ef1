package dev.lakehouse.testkit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The command line of a child JVM, run with this JVM's own {@code java}: options, system properties,
 * a classpath, a main class and its arguments. The one way the project starts a JVM of its own: the
 * local stack's components, and the apps and workers that tests kill and restart.
 */
public final class JavaCommand {
  /** Serial GC, C1 only: a small JVM on a small, busy machine starts about 40% faster (measured 18.9 s vs 30.8 s at load 27). */
  public static final List<String> QUICK_START = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

  private final List<String> jvmOptions = new ArrayList<>();
  private final List<String> args = new ArrayList<>();
  private final String classpath;
  private final String mainClass;

  public JavaCommand(String classpath, String mainClass) {
    this.classpath = classpath;
    this.mainClass = mainClass;
  }

  /** A main class on this JVM's classpath: a test starting the module it tests as a process of its own. */
  public static JavaCommand onThisClasspath(Class<?> mainClass) {
    return new JavaCommand(System.getProperty("java.class.path"), mainClass.getName());
  }

  /** {@code -Xmx<heap>}: every child JVM names its heap, the machine is shared. */
  public JavaCommand heap(String heap) {
    jvmOptions.add("-Xmx" + heap);
    return this;
  }

  public JavaCommand jvmOptions(List<String> options) {
    jvmOptions.addAll(options);
    return this;
  }

  public JavaCommand jvmOptions(String... options) {
    return jvmOptions(List.of(options));
  }

  public JavaCommand systemProperty(String name, String value) {
    jvmOptions.add("-D" + name + "=" + value);
    return this;
  }

  /** slf4j-simple settings: timestamps, our classes at INFO, chatty libraries at WARN. */
  public JavaCommand simpleLogging(String... quietLoggers) {
    systemProperty("org.slf4j.simpleLogger.showDateTime", "true");
    systemProperty("org.slf4j.simpleLogger.dateTimeFormat", "yyyy-MM-dd'T'HH:mm:ss.SSS");
    systemProperty("org.slf4j.simpleLogger.defaultLogLevel", "info");
    for (String logger : quietLoggers) {
      systemProperty("org.slf4j.simpleLogger.log." + logger, "warn");
    }
    return this;
  }

  public JavaCommand args(List<String> more) {
    args.addAll(more);
    return this;
  }

  public JavaCommand args(String... more) {
    return args(List.of(more));
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

  /** Starts it with its output appended to {@code log}; {@code env} adds to this process's environment. */
  public ChildProcess start(Path log, Map<String, String> env) throws IOException {
    return ChildProcess.start(toList(), log, env);
  }

  public ChildProcess start(Path log) throws IOException {
    return start(log, Map.of());
  }
}
