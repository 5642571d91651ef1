package dev.lakehouse.peerflink.harness;

import dev.lakehouse.testkit.ChildProcess;
import dev.lakehouse.testkit.JavaCommand;
import dev.lakehouse.testkit.RepoDir;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The packaged Streams app (streams-app/target) in its own JVM: the test JVM carries Flink's
 * RocksDB (frocksdbjni), which shares the org.rocksdb package with the app's rocksdbjni.
 */
public final class StreamsAppJvm {
  private static final String MAIN_CLASS = "dev.lakehouse.streams.App";
  // the app's own JVM options, the file the container image passes too (streams-app/README.md)
  private static final String APP_JVM_OPTIONS = "streams-app/src/main/resources/dev/lakehouse/streams/runtime/jvm.options";

  private StreamsAppJvm() {}

  /** The app with its own JVM options, then {@code jvmOptions} (which win where they overlap). */
  public static ChildProcess start(Path configFile, Path log, List<String> jvmOptions) throws IOException {
    return new JavaCommand(classpath(), MAIN_CLASS).jvmOptions("@" + RepoDir.get().resolve(APP_JVM_OPTIONS))
        .jvmOptions(jvmOptions).args("--config", configFile.toString()).start(log);
  }

  /** Until {@code /health/ready} answers 200: tasks assigned and restored. */
  public static void awaitReady(ChildProcess app, int httpPort, Duration timeout)
      throws InterruptedException, IOException {
    Readiness.await(app, () -> Http.get(httpPort, "/health/ready").map(r -> r.statusCode() == 200).orElse(false),
        timeout, "Streams app");
  }

  private static String classpath() {
    Path jar = RepoDir.get().resolve("streams-app/target/streams-app.jar");
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException("Cannot start the Streams app: " + jar + " is missing; build it first with "
          + "mvn -B -pl peer-flink -am package -DskipTests");
    }
    return jar + File.pathSeparator + jar.resolveSibling("lib") + File.separator + "*";
  }
}
