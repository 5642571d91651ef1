package dev.lakehouse.e2e.aws;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.connect.config.TemplateValues;
import dev.lakehouse.local.embedded.EmbeddedKafka;
import dev.lakehouse.local.embedded.FreePorts;
import dev.lakehouse.local.stack.Http;
import dev.lakehouse.schemas.Topics;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The production path's services on one machine: moto (Glue + S3), a KRaft broker with the six
 * output topics, and a Kafka Connect worker JVM with the assembled Iceberg sink plugin, configured
 * from connect-config's worker template. Every AWS client (worker, CLIs, maintenance job) gets
 * moto's dummy credentials the production way: from the AWS default chain (environment), with an
 * access key per IAM role (moto accepts any), so each recorded call names the role that made it.
 */
final class GlueSinkStack implements AutoCloseable {
  static final Path REPO = ProjectVenv.repoDir();
  static final String BUCKET = "lakehouse";
  /** The Connect workers' role, which the connect-config CLI shares (deploy/iam/connect-worker.json). */
  static final String CONNECT_ROLE_KEY = "connect-worker-role";
  /** The maintenance job's role (deploy/iam/maintenance-job.json). */
  static final String MAINTENANCE_ROLE_KEY = "maintenance-job-role";

  private final Path runDir;
  private final MotoServer moto;
  private final EmbeddedKafka kafka;
  private final JavaProcess worker;
  private final String connectUrl;

  private GlueSinkStack(Path runDir, MotoServer moto, EmbeddedKafka kafka, JavaProcess worker, String connectUrl) {
    this.runDir = runDir;
    this.moto = moto;
    this.kafka = kafka;
    this.worker = worker;
    this.connectUrl = connectUrl;
  }

  /** Starts moto, the broker and the worker side by side (moto needs seconds) and waits for all three. */
  static GlueSinkStack start(Path runDir) throws Exception {
    MotoServer moto = MotoServer.launch(runDir);
    EmbeddedKafka kafka = null;
    JavaProcess worker = null;
    try {
      kafka = EmbeddedKafka.start(runDir.resolve("kafka"), 0);
      kafka.createTopics(1, Topics.OUTPUTS.toArray(String[]::new));
      int restPort = FreePorts.pick();
      String connectUrl = "http://127.0.0.1:" + restPort;
      worker = JavaProcess.start(runDir.resolve("connect-worker.log"),
          REPO.resolve("connect-config/target/worker-lib") + "/*", awsEnv(CONNECT_ROLE_KEY),
          "org.apache.kafka.connect.cli.ConnectDistributed",
          writeWorkerProperties(runDir, kafka.bootstrapServers(), restPort).toString());
      moto.awaitReady().createBucket(BUCKET);
      // created once by the infrastructure code, as docs/operations.md says: no role may create it
      moto.createGlueDatabase("lakehouse");
      await("Connect worker REST API at " + connectUrl).atMost(Duration.ofSeconds(90))
          .pollInterval(Duration.ofMillis(500)).until(() -> Http.isOk(connectUrl + "/connectors"));
      return new GlueSinkStack(runDir, moto, kafka, worker, connectUrl);
    } catch (Exception | Error e) {
      closeAll(worker, kafka, moto);
      throw e;
    }
  }

  /**
   * Applies the bundled {@code aws} connector config (plus moto's endpoints and the given
   * overrides) with {@code connect-config apply --env aws}, which also creates the six tables in
   * Glue, and waits until the connector runs.
   */
  void applyConnector(String name, Map<String, String> overrides) throws Exception {
    Map<String, String> config = MotoConnectorConfig.render(moto, name, Map.of(
        TemplateValues.BOOTSTRAP_SERVERS, kafka.bootstrapServers(),
        TemplateValues.TASKS_MAX, "1",
        TemplateValues.REPLICATION_FACTOR, "1"));
    config.putAll(overrides);
    Path file = runDir.resolve("connector-" + name + ".json");
    new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(file.toFile(), config);
    try (JavaProcess apply = JavaProcess.start(runDir.resolve("connect-config-apply.log"),
        REPO.resolve("connect-config/target/connect-config.jar") + ":" + REPO.resolve("connect-config/target/lib") + "/*",
        awsEnv(CONNECT_ROLE_KEY), "dev.lakehouse.connect.cli.ConnectConfigCli", "apply", "--env", "aws", "--file", file.toString(),
        "--name", name, "--connect-url", connectUrl, "--bootstrap-servers", kafka.bootstrapServers(),
        "--region", MotoServer.REGION, "--warehouse", MotoConnectorConfig.WAREHOUSE, "--timeout-seconds", "120")) {
      int exit = apply.waitFor(180);
      if (exit != 0) {
        throw new IllegalStateException("Cannot apply connector " + name + " (exit " + exit + "):\n" + apply.log());
      }
    }
  }

  /**
   * What a reader of the Glue database sets: GlueCatalog + S3FileIO, the warehouse, and only moto's
   * endpoints and dummy credentials on top (no connector or job config involved).
   */
  Map<String, String> readerCatalogProperties() {
    Map<String, String> properties = new HashMap<>();
    properties.put("catalog-impl", "org.apache.iceberg.aws.glue.GlueCatalog");
    properties.put("io-impl", "org.apache.iceberg.aws.s3.S3FileIO");
    properties.put("warehouse", MotoConnectorConfig.WAREHOUSE);
    properties.put("client.region", MotoServer.REGION);
    properties.put("http-client.type", "urlconnection");
    properties.put("glue.endpoint", moto.endpoint());
    properties.put("s3.endpoint", moto.endpoint());
    properties.put("s3.path-style-access", "true");
    properties.put("client.credentials-provider", MotoCredentials.class.getName());
    return properties;
  }

  /** The AWS default chain's environment for a process acting as the role with this access key. */
  static Map<String, String> awsEnv(String roleAccessKey) {
    return Map.of("AWS_ACCESS_KEY_ID", roleAccessKey, "AWS_SECRET_ACCESS_KEY", MotoServer.SECRET_KEY,
        "AWS_REGION", MotoServer.REGION);
  }

  MotoServer moto() {
    return moto;
  }

  String bootstrapServers() {
    return kafka.bootstrapServers();
  }

  Path runDir() {
    return runDir;
  }

  /** connect-config's worker template (it explains each setting) with this run's broker, REST port and plugin path. */
  private static Path writeWorkerProperties(Path runDir, String bootstrapServers, int restPort) throws IOException {
    Properties props = new Properties();
    try (Reader reader = Files.newBufferedReader(REPO.resolve("connect-config/config/worker.properties"))) {
      props.load(reader);
    }
    props.setProperty("bootstrap.servers", bootstrapServers);
    props.setProperty("listeners", "http://127.0.0.1:" + restPort);
    props.setProperty("rest.advertised.host.name", "127.0.0.1");
    props.setProperty("rest.advertised.port", Integer.toString(restPort));
    props.setProperty("plugin.path", REPO.resolve("connect-config/target/plugin").toString());
    props.setProperty("offset.storage.partitions", "1");
    Path file = runDir.resolve("worker.properties");
    try (Writer out = Files.newBufferedWriter(file)) {
      props.store(out, "Connect worker on moto, from connect-config/config/worker.properties");
    }
    return file;
  }

  @Override
  public void close() {
    closeAll(worker, kafka, moto);
  }

  private static void closeAll(AutoCloseable... services) {
    for (AutoCloseable service : services) {
      try {
        if (service != null) {
          service.close();
        }
      } catch (Exception e) {
        System.err.println("Cannot stop " + service + ": " + e.getMessage());
      }
    }
  }
}
