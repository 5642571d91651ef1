package dev.lakehouse.e2e.containers;

import com.sun.security.auth.module.UnixSystem;
import dev.lakehouse.testkit.Prerequisites;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One container of a {@code lakehouse/*} image on the host's network ({@code --network host}: the
 * local broker, S3 server and catalog are host processes) with a memory limit (no swap beyond it).
 * Environment values reach podman through its own environment ({@code -e NAME}), never a command
 * line. {@link #close} saves the container's log beside the test's other logs and removes it.
 */
public final class Container implements AutoCloseable {
  private final String name;
  private final Path logDir;

  private Container(String name, Path logDir) {
    this.name = name;
    this.logDir = logDir;
  }

  /** What to run: image, limit, mounts, environment, user, entry point and arguments. */
  public static final class Spec {
    private final String image;
    private final String name;
    private final String memory;
    private final List<String> options = new ArrayList<>();
    private final Map<String, String> env = new LinkedHashMap<>();
    private final List<String> args = new ArrayList<>();

    /**
     * @param component the image {@code lakehouse/<component>:dev}
     * @param name unique on the machine (podman's names are)
     * @param memory the limit, e.g. {@code 1g}
     */
    public Spec(String component, String name, String memory) {
      this.image = "lakehouse/" + component + ":dev";
      this.name = name;
      this.memory = memory;
    }

    public Spec env(String variable, String value) {
      env.put(variable, value);
      return this;
    }

    /** A host path at the same path inside (so that configs naming host paths hold inside too). */
    public Spec mount(Path path) {
      return mount(path, path.toString(), false);
    }

    public Spec mount(Path hostPath, String containerPath, boolean readOnly) {
      options.addAll(List.of("--volume", hostPath + ":" + containerPath + (readOnly ? ":ro" : "")));
      return this;
    }

    /** Removes a variable the image sets. */
    public Spec unsetEnv(String variable) {
      options.addAll(List.of("--unsetenv", variable));
      return this;
    }

    public Spec entrypoint(String entrypoint) {
      options.addAll(List.of("--entrypoint", entrypoint));
      return this;
    }

    public Spec args(String... arguments) {
      args.addAll(List.of(arguments));
      return this;
    }

    public Spec args(List<String> arguments) {
      args.addAll(arguments);
      return this;
    }

    List<String> runArguments(boolean detached) {
      List<String> command = new ArrayList<>(List.of("run", "--name", name, "--network", "host",
          "--memory", memory, "--memory-swap", memory));
      if (detached) {
        command.add("--detach");
      }
      command.addAll(options);
      env.keySet().forEach(variable -> command.addAll(List.of("--env", variable)));
      command.add(image);
      command.addAll(args);
      return command;
    }
  }

  /** What podman knows of a container's state. */
  public record State(String status, int exitCode, boolean oomKilled, long pid) {
    public boolean running() {
      return status.equals("running");
    }
  }

  /** Starts a container in the background. */
  public static Container start(Spec spec, Path logDir) throws IOException, InterruptedException {
    Podman.podman(spec.runArguments(true), spec.env, Duration.ofMinutes(1)).requireSuccess("start " + spec.name);
    return new Container(spec.name, logDir);
  }

  /**
   * Runs a container to its end (a one-shot command: apply, a maintenance run, a dbt build) and
   * returns its exit code and output; the output is saved in {@code logDir} too.
   */
  public static Podman.Result runToEnd(Spec spec, Path logDir, Duration timeout) throws IOException, InterruptedException {
    try {
      Podman.Result result = Podman.podman(spec.runArguments(false), spec.env, timeout);
      Files.createDirectories(logDir);
      Files.writeString(logDir.resolve(spec.name + ".log"), result.output());
      return result;
    } finally {
      Podman.podman("rm", "--force", spec.name);
    }
  }

  /** The images' user (uid and gid 1000): what it writes on a mounted host folder must be its own. */
  public static final int IMAGE_USER = 1000;

  /**
   * Gives a host folder and everything in it to the images' user, as a Kubernetes fsGroup or an
   * init step does for a volume (bind mounts keep the host's owners).
   */
  public static void giveToImageUser(Path folder) throws IOException {
    Prerequisites.require(new UnixSystem().getUid() == 0,
        "root: the containers' user (uid " + IMAGE_USER + ") must own the host folders they write, and podman runs as root here");
    try (var paths = Files.walk(folder)) {
      for (Path path : paths.toList()) {
        Files.setAttribute(path, "unix:uid", IMAGE_USER);
        Files.setAttribute(path, "unix:gid", IMAGE_USER);
      }
    }
  }

  public String name() {
    return name;
  }

  public State state() throws IOException, InterruptedException {
    String[] fields = Podman.podman("inspect", "--format", "{{.State.Status}} {{.State.ExitCode}} {{.State.OOMKilled}} {{.State.Pid}}",
        name).requireSuccess("inspect " + name).output().strip().split(" ");
    return new State(fields[0], Integer.parseInt(fields[1]), Boolean.parseBoolean(fields[2]), Long.parseLong(fields[3]));
  }

  /**
   * The peak resident memory of the container's main process so far (the kernel's high-water mark,
   * {@code VmHWM} of the host's /proc), or empty when it is not running.
   */
  public Optional<Long> peakRssBytes() throws IOException, InterruptedException {
    State state = state();
    if (!state.running() || state.pid() <= 0) {
      return Optional.empty();
    }
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(state.pid()), "status"))) {
        if (line.startsWith("VmHWM:")) {
          return Optional.of(Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024);
        }
      }
    } catch (IOException e) {
      // ended between the inspect and the read
    }
    return Optional.empty();
  }

  /** The image's own HEALTHCHECK, run once now: whether it passed. */
  public boolean healthy() throws IOException, InterruptedException {
    return Podman.podman("healthcheck", "run", name).exitCode() == 0;
  }

  public String logs() throws IOException, InterruptedException {
    return Podman.podman("logs", name).output();
  }

  /** SIGTERM, then SIGKILL after the grace period: what an orchestrator's stop does. */
  public void stop(Duration grace) throws IOException, InterruptedException {
    Podman.podman(List.of("stop", "--time", Long.toString(grace.toSeconds()), name), Map.of(),
        grace.plusMinutes(1)).requireSuccess("stop " + name);
  }

  /** Starts the stopped container again, as a supervisor restarts one (its volumes and settings kept). */
  public void restart() throws IOException, InterruptedException {
    Podman.podman("start", name).requireSuccess("start " + name + " again");
  }

  /** SIGKILL, as a crash. */
  public void kill() throws IOException, InterruptedException {
    Podman.podman("kill", "--signal", "KILL", name).requireSuccess("kill " + name);
  }

  @Override
  public void close() throws IOException, InterruptedException {
    Files.createDirectories(logDir);
    Files.writeString(logDir.resolve(name + ".log"), logs());
    Podman.podman("rm", "--force", "--time", "5", name);
  }
}
