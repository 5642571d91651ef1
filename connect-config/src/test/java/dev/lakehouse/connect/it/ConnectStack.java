package dev.lakehouse.connect.it;

import static org.awaitility.Awaitility.await;

import dev.lakehouse.connect.cli.ConnectConfigCli;
import dev.lakehouse.connect.rest.ConnectClient;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.ChildProcess;
import dev.lakehouse.testkit.ConnectWorkers;
import dev.lakehouse.testkit.KafkaFixture;
import dev.lakehouse.testkit.EmbeddedS3;
import dev.lakehouse.testkit.FreePorts;
import dev.lakehouse.testkit.RepoDir;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * One KRaft broker and one S3 server in the test JVM, and one Kafka Connect worker in its own JVM
 * (target/worker-lib on its classpath, the assembled plugin dir on its plugin.path, the worker
 * properties from config/worker.properties with free ports): started once for all ITs.
 */
public final class ConnectStack implements AutoCloseable {
  private final Path dir;
  private final KafkaFixture kafka;
  private final EmbeddedS3 s3;
  private final ChildProcess worker;
  private final String connectUrl;

  private ConnectStack(Path dir, KafkaFixture kafka, EmbeddedS3 s3, ChildProcess worker, String connectUrl) {
    this.dir = dir;
    this.kafka = kafka;
    this.s3 = s3;
    this.worker = worker;
    this.connectUrl = connectUrl;
  }

  static ConnectStack start() throws Exception {
    Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "it")), "stack-").toAbsolutePath();
    KafkaFixture kafka = KafkaFixture.start(dir.resolve("kafka"));
    EmbeddedS3 s3 = EmbeddedS3.start(dir.resolve("s3"), 0);
    kafka.createTopics(1, Topics.OUTPUTS.toArray(String[]::new));
    int restPort = FreePorts.pick();
    Path repo = RepoDir.get();
    Map<String, String> properties = ConnectWorkers.properties(repo, kafka.bootstrapServers(), restPort);
    properties.put("offset.storage.partitions", "1");
    ChildProcess worker = ConnectWorkers.command(repo,
            ConnectWorkers.write(dir.resolve("worker.properties"), properties, "Connect worker of the connect-config ITs"))
        .heap("512m").jvmOptions("-XX:+UseSerialGC")
        .simpleLogging("org.apache.kafka.clients", "org.apache.kafka.common", "org.eclipse.jetty")
        .start(dir.resolve("worker.log"));
    String connectUrl = "http://127.0.0.1:" + restPort;
    ConnectStack stack = new ConnectStack(dir, kafka, s3, worker, connectUrl);
    try {
      await("worker answering at " + connectUrl).atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(300))
          .ignoreExceptions()
          .until(() -> {
            if (!worker.isAlive()) {
              throw new IllegalStateException("the worker exited; see " + dir.resolve("worker.log"));
            }
            return new ConnectClient(connectUrl, Duration.ofSeconds(5)).connectorPlugins() != null;
          });
    } catch (RuntimeException e) {
      stack.close();
      throw e;
    }
    return stack;
  }

  public String connectUrl() {
    return connectUrl;
  }

  public String bootstrapServers() {
    return kafka.bootstrapServers();
  }

  public String s3Endpoint() {
    return s3.endpoint();
  }

  public Path dataDir() {
    return dir.resolve("data");
  }

  public Path dir() {
    return dir;
  }

  public ConnectClient client() {
    return new ConnectClient(connectUrl, Duration.ofSeconds(30));
  }

  /** The arguments that point the CLI's local environment at this stack. */
  public List<String> localArgs() {
    return List.of("--connect-url", connectUrl, "--bootstrap-servers", kafka.bootstrapServers(),
        "--s3-endpoint", s3.endpoint(), "--data-dir", dataDir().toString(), "--commit-interval-ms", "2000");
  }

  /** Runs the CLI in this JVM, capturing its exit code and output. */
  public static CliRun cli(List<String> args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine commandLine = ConnectConfigCli.commandLine();
    commandLine.setOut(new PrintWriter(out, true));
    commandLine.setErr(new PrintWriter(err, true));
    int exit = commandLine.execute(args.toArray(String[]::new));
    return new CliRun(exit, out.toString(), err.toString());
  }

  /** The outcome of one CLI run. */
  public record CliRun(int exit, String out, String err) {}

  @Override
  public void close() throws Exception {
    worker.close();
    s3.close();
    kafka.close();
  }
}
