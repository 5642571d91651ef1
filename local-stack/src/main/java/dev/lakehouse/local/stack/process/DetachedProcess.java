package dev.lakehouse.local.stack.process;

import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackLayout;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts a component process that outlives the launcher: its own session (no terminal signals
 * from the launcher's Ctrl-C), stdin from /dev/null, stdout and stderr appended to its log file,
 * and its pid written to a pid file.
 */
public final class DetachedProcess {
  private static final List<Path> SETSID = List.of(Path.of("/usr/bin/setsid"), Path.of("/bin/setsid"));

  private DetachedProcess() {}

  /** Starts a long-running component and records its pid. */
  public static Process start(String component, List<String> command, StackLayout layout, Map<String, String> env) {
    Process process = launch(component, command, layout, env);
    try {
      PidFiles.write(layout, component, process.pid());
    } catch (IOException e) {
      process.destroy();
      throw new StackException("Cannot start " + component + ": cannot write " + layout.pidFile(component) + ": " + e.getMessage(), e);
    }
    return process;
  }

  /** Starts a process that is expected to finish (a script, a one-shot CLI); no pid file. */
  public static Process launch(String component, List<String> command, StackLayout layout, Map<String, String> env) {
    Path log = layout.logFile(component);
    try {
      Files.createDirectories(layout.logsDir());
      Files.createDirectories(layout.runDir());
      Files.writeString(log, "==== " + Instant.now() + " starting " + component + ": " + String.join(" ", command)
          + System.lineSeparator(), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
      ProcessBuilder builder = new ProcessBuilder(withNewSession(command))
          .directory(layout.dataDir().toFile())
          .redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      // the launcher's own LAKEHOUSE_* settings are not the children's (LAKEHOUSE_STREAMS_PORT would
      // reach the Streams app as an unknown key of its own LAKEHOUSE_STREAMS_* overrides)
      for (Setting setting : Setting.values()) {
        builder.environment().remove(setting.envName());
      }
      // a pod's name for static membership (streams-app instance.id): every local instance would share it
      builder.environment().remove("LAKEHOUSE_INSTANCE_ID");
      builder.environment().putAll(env);
      return builder.start();
    } catch (IOException e) {
      throw new StackException("Cannot start " + component + ": " + e.getMessage() + " (command: " + command + ")", e);
    }
  }

  /** setsid execs the command without forking (its caller is not a group leader), so the pid stays the same. */
  private static List<String> withNewSession(List<String> command) {
    List<String> full = new ArrayList<>();
    SETSID.stream().filter(Files::isExecutable).findFirst().ifPresent(setsid -> full.add(setsid.toString()));
    full.addAll(command);
    return full;
  }
}
