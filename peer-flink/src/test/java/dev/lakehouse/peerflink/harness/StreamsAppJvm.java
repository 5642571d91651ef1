package dev.lakehouse.peerflink.harness;

import dev.lakehouse.local.stack.ModuleJars;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The packaged Streams app (streams-app/target) in its own JVM, as its own benchmark and the local stack run it. */
public final class StreamsAppJvm {
  private static final String MAIN_CLASS = "dev.lakehouse.streams.App";

  private StreamsAppJvm() {}

  public static ChildJvm start(Path configFile, Path log, List<String> jvmOptions) throws IOException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", ModuleJars.classpath(Repo.dir(), "streams-app", "the Streams app"), MAIN_CLASS,
        "--config", configFile.toString()));
    return ChildJvm.start("Streams app", command, Map.of(), log);
  }

  /** Until {@code /health/ready} answers 200: tasks assigned and restored. */
  public static void awaitReady(ChildJvm app, int httpPort, Duration timeout) throws InterruptedException {
    Readiness.await(app, () -> Http.get(httpPort, "/health/ready").map(r -> r.statusCode() == 200).orElse(false),
        timeout, "Streams app");
  }
}
