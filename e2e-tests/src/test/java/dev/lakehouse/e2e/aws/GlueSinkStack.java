package dev.lakehouse.e2e.aws;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.connect.config.TemplateValues;
import dev.lakehouse.e2e.harness.MaintenanceJobRun;
import dev.lakehouse.local.stack.components.ConnectorComponent;
import dev.lakehouse.local.stack.process.Http;
import dev.lakehouse.local.stack.config.ModuleJars;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.ChildProcess;
import dev.lakehouse.testkit.ConnectWorkers;
import dev.lakehouse.testkit.KafkaFixture;
import dev.lakehouse.testkit.FreePorts;
import dev.lakehouse.testkit.JavaCommand;
import dev.lakehouse.testkit.RepoDir;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The production path's services on one machine: moto (Glue + S3), a KRaft broker with the
 * output topics, and a Kafka Connect worker JVM with the assembled Iceberg sink plugin, configured
 * from connect-config's worker template. Every AWS client (worker, CLIs, maintenance job) gets
 * moto's dummy credentials the production way: from the AWS default chain (environment), with an
 * access key per IAM role (moto accepts any), so each recorded call names the role that made it.
 */
final class GlueSinkStack implements AutoCloseable {
  static final Path REPO = RepoDir.get();
  static final String BUCKET = "lakehouse";
  /** The Connect workers' role, which the connect-config CLI shares (deploy/iam/connect-worker.json). */
  static final String CONNECT_ROLE_KEY = "connect-worker-role";
  /** The maintenance job's role (deploy/iam/maintenance-job.json). */
  static final String MAINTENANCE_ROLE_KEY = "maintenance-job-role";
  private static final Path MAINTENANCE_CONFIG = REPO.resolve("maintenance-job/config/maintenance-glue.yaml");

  private final Path runDir;
  private final MotoServer moto;
  private final KafkaFixture kafka;
  private final ChildProcess worker;
  private final String connectUrl;

  private GlueSinkStack(Path runDir, MotoServer moto, KafkaFixture kafka, ChildProcess worker, String connectUrl) {
    this.runDir = runDir;
    this.moto = moto;
    this.kafka = kafka;
    this.worker = worker;
    this.connectUrl = connectUrl;
  }

  /** Starts moto, the broker and the worker side by side (moto needs seconds) and waits for all three. */
  static GlueSinkStack start(Path runDir) throws Exception {
    MotoServer moto = MotoServer.launch(runDir);
    KafkaFixture kafka = null;
    ChildProcess worker = null;
    try {
      kafka = KafkaFixture.start(runDir.resolve("kafka"));
      kafka.createTopics(1, Topics.OUTPUTS.toArray(String[]::new));
      int restPort = FreePorts.pick();
      String connectUrl = "http://127.0.0.1:" + restPort;
      Map<String, String> properties = ConnectWorkers.properties(REPO, kafka.bootstrapServers(), restPort);
      properties.put("offset.storage.partitions", "1");
      worker = small(ConnectWorkers.command(REPO, ConnectWorkers.write(runDir.resolve("worker.properties"), properties,
          "Connect worker on moto, from connect-config/config/worker.properties")))
          .start(runDir.resolve("connect-worker.log"), awsEnv(CONNECT_ROLE_KEY));
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
   * overrides) with {@code connect-config apply --env aws}, which also creates the tables in
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
    JavaCommand command = small(new JavaCommand(
        ModuleJars.classpath(REPO, ConnectorComponent.MODULE, "the connect-config CLI"), ConnectorComponent.CLI_CLASS))
        .args("apply", "--env", "aws", "--file", file.toString(), "--name", name, "--connect-url", connectUrl,
            "--bootstrap-servers", kafka.bootstrapServers(), "--region", MotoServer.REGION,
            "--warehouse", MotoConnectorConfig.WAREHOUSE, "--timeout-seconds", "120");
    try (ChildProcess apply = command.start(runDir.resolve("connect-config-apply.log"), awsEnv(CONNECT_ROLE_KEY))) {
      int exit = apply.waitFor(Duration.ofSeconds(180));
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

  /**
   * {@code maintenance-job run --once} with the shipped production config ({@code config/maintenance-glue.yaml})
   * and only environment overrides on top: the warehouse, moto's Glue and S3 endpoints (production sets none)
   * and the task settings given. Credentials and region come from the AWS default chain, as in production.
   *
   * @param settings overrides as environment variables, e.g. {@code MAINTENANCE_EXPIRY_MIN_SNAPSHOTS}
   */
  MaintenanceJobRun.Result maintainOnce(Map<String, String> settings) throws Exception {
    Map<String, String> env = maintenanceEnv();
    env.putAll(settings);
    return MaintenanceJobRun.once(MAINTENANCE_CONFIG, runDir, env);
  }

  /** Another subcommand of the maintenance job ({@code audit}) with the same config and environment. */
  MaintenanceJobRun.Result maintenanceCommand(String subcommand, String... args) throws Exception {
    return MaintenanceJobRun.command(subcommand, MAINTENANCE_CONFIG, runDir, maintenanceEnv(), args);
  }

  private Map<String, String> maintenanceEnv() {
    Map<String, String> env = new HashMap<>(awsEnv(MAINTENANCE_ROLE_KEY));
    env.put("MAINTENANCE_CATALOG_PROPERTIES_WAREHOUSE", MotoConnectorConfig.WAREHOUSE);
    env.put("MAINTENANCE_CATALOG_PROPERTIES_GLUE_ENDPOINT", moto.endpoint());
    env.put("MAINTENANCE_CATALOG_PROPERTIES_S3_ENDPOINT", moto.endpoint());
    env.put("MAINTENANCE_CATALOG_PROPERTIES_S3_PATH_STYLE_ACCESS", "true");
    return env;
  }

  /** The JVMs of this stack: small and quick to start. */
  private static JavaCommand small(JavaCommand command) {
    return command.heap("512m").jvmOptions(JavaCommand.QUICK_START).simpleLogging();
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
