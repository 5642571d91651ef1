package dev.lakehouse.peerflink.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.testkit.ChildProcess;
import dev.lakehouse.testkit.RepoDir;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The peer job in its own JVM, started by {@code peer-flink/bin/flink-peer.sh} with its own classpath. */
public final class FlinkPeerJvm {
  private static final ObjectMapper JSON = new ObjectMapper();

  private FlinkPeerJvm() {}

  /** @param javaOptions the JVM options (JAVA_OPTS of the script), e.g. {@code -Xmx1g} */
  public static ChildProcess start(Path configFile, Path log, String javaOptions) throws IOException {
    String script = RepoDir.get().resolve("peer-flink/bin/flink-peer.sh").toString();
    return ChildProcess.start(List.of("bash", script, "--config", configFile.toString()), log,
        Map.of("JAVA_OPTS", javaOptions));
  }

  /**
   * Until every task of the job runs, read from the MiniCluster's REST API on {@code restPort}
   * (set {@code flink.rest.bind-port} and {@code flink.rest.bind-address=127.0.0.1}).
   */
  public static void awaitRunning(ChildProcess peer, int restPort, Duration timeout)
      throws InterruptedException, IOException {
    Readiness.await(peer, () -> Http.get(restPort, "/jobs/overview")
        .filter(r -> r.statusCode() == 200).map(r -> allTasksRunning(r.body())).orElse(false), timeout, "Flink peer");
  }

  private static boolean allTasksRunning(String overview) {
    try {
      for (JsonNode job : JSON.readTree(overview).path("jobs")) {
        JsonNode tasks = job.path("tasks");
        if ("RUNNING".equals(job.path("state").asText()) && tasks.path("total").asInt() > 0
            && tasks.path("running").asInt() == tasks.path("total").asInt()) {
          return true;
        }
      }
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the Flink REST answer " + overview, e);
    }
  }
}
