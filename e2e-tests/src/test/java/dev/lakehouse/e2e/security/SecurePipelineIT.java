package dev.lakehouse.e2e.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.OutputTopics;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.local.stack.components.ConnectWorkerComponent;
import dev.lakehouse.local.stack.process.Http;
import dev.lakehouse.local.stack.components.PipelineTopics;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.config.StackLayout;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.EmbeddedKafka.SaslSslListener;
import dev.lakehouse.testkit.EmbeddedKafka;
import dev.lakehouse.testkit.EmbeddedS3;
import dev.lakehouse.testkit.LocalCatalog;
import dev.lakehouse.testkit.RepoDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.junit.jupiter.api.Test;

/**
 * The pipeline with every Kafka client on a SASL_SSL listener (SCRAM-SHA-512, TLS with a throwaway
 * CA): the Streams app JVM, the Connect worker JVM (its own clients, its sink tasks' clients and the
 * Iceberg sink's control-topic clients) and the generator JVM, each as its own user, each given its
 * secrets the way a user would: the Streams app through LAKEHOUSE_STREAMS_* environment variables,
 * Connect through ${file:} config-provider references, the generator through a client config file
 * with ${env:} references. Data must flow end to end, a wrong password must be refused (an Admin
 * client gets a SaslAuthenticationException, a Streams app instance stops at its startup check with
 * exit code 3), and no secret may appear in any process's log, in the printed effective config, or
 * in the connector and task configs that Connect serves and stores. The test itself uses the
 * broker's PLAINTEXT listener for setup and as the oracle.
 */
class SecurePipelineIT {
  private static final int PARTITIONS = 2;
  private static final String CONNECTOR = "lakehouse-iceberg-sink";
  private static final String WRONG_PASSWORD_APP = "streams-wrong-password";
  private static final Duration TIMEOUT = Duration.ofMinutes(3);

  /** Every secret of the run by what it is. */
  private final Map<String, String> secrets = new LinkedHashMap<>();

  @Test
  void everyClientAuthenticatesWithItsOwnSecretAndNoSecretIsLogged() throws Exception {
    Path dataDir = Path.of(System.getProperty("e2e.work.dir", "target/e2e")).toAbsolutePath()
        .resolve("secure-" + System.currentTimeMillis());
    StackLayout layout = new StackLayout(dataDir);
    String keystorePassword = newSecret("broker keystore password");
    String truststorePassword = newSecret("truststore password");
    secrets.put("S3 secret key", EmbeddedS3.SECRET_KEY);
    TestCertificates certificates = TestCertificates.create(dataDir.resolve("tls"), keystorePassword, truststorePassword);
    Path truststore = certificates.truststore();

    try (EmbeddedKafka kafka = EmbeddedKafka.startWithSaslSsl(layout.kafkaDir(),
            new SaslSslListener(certificates.brokerKeystore(), keystorePassword));
        EmbeddedS3 s3 = EmbeddedS3.start(layout.s3Dir(), 0)) {
      LocalCatalog.initialize(layout.catalogFile(), s3.endpoint());
      PipelineTopics.ensure(kafka.bootstrapServers(), PARTITIONS);
      StackConfig config = stackConfig(dataDir, kafka, s3);
      // closed before the broker stops, so that no client retries against a closed listener
      try (SecuredComponents components = new SecuredComponents(config)) {
        ClientSecurity connect = new ClientSecurity(truststore, user(kafka, "connect"), truststorePassword);
        components.applyConnector(connect, components.startConnectWorker(connect));
        components.startStreamsApp(new ClientSecurity(truststore, user(kafka, "streams"), truststorePassword));
        components.runGenerator(new ClientSecurity(truststore, user(kafka, "generator"), truststorePassword),
            generatorClientConfig(dataDir));

        long ordersProduced = recordCount(kafka.bootstrapServers(), Topics.ORDERS);
        assertThat(ordersProduced).isPositive();
        assertOrdersLanded(kafka, layout, s3, ordersProduced);
        assertWrongPasswordRefused(kafka, truststore, truststorePassword);
        assertThat(components.runStreamsAppUntilItStops(WRONG_PASSWORD_APP,
                ClientSecurity.jaasConfig("streams", "wrong-password"), truststorePassword))
            .as("exit code of the Streams app whose startup check failed").isEqualTo(3);
        assertThat(Files.readString(layout.logFile(WRONG_PASSWORD_APP)))
            .contains("Kafka refused the connection", "invalid credentials with SASL mechanism SCRAM-SHA-512");
        assertNoSecretIn(config, kafka);
      }
    }
  }

  private String newSecret(String label) {
    String secret = "s3cr3t-" + UUID.randomUUID();
    secrets.put(label, secret);
    return secret;
  }

  /** A SCRAM user of its own with a fresh password; the JAAS config that logs it in. */
  private String user(EmbeddedKafka kafka, String name) throws ExecutionException, InterruptedException {
    String password = newSecret(name + " password");
    kafka.createScramUser(name, password);
    return ClientSecurity.jaasConfig(name, password);
  }

  private static StackConfig stackConfig(Path dataDir, EmbeddedKafka kafka, EmbeddedS3 s3) {
    // the components' bootstrap address: the SASL_SSL listener
    Map<Setting, String> overrides = StackSettings.around(dataDir, kafka.saslSslBootstrapServers(), s3.endpoint(), PARTITIONS);
    overrides.put(Setting.GENERATOR_ARGS, "--client-config " + generatorClientConfig(dataDir) + " --events 1000 --seed 7"
        + " --out-of-order-fraction 0 --beyond-grace-fraction 0 --duplicate-fraction 0 --malformed-fraction 0"
        + " --reference-update-fraction 0 --follow-timeout 2m --manifest " + dataDir.resolve("manifest.json"));
    return StackConfig.of(RepoDir.get(), overrides);
  }

  private static Path generatorClientConfig(Path dataDir) {
    return dataDir.resolve("config").resolve("generator-client.properties");
  }

  /** Every order the generator produced (no anomalies: each one is valid) is enriched and landed. */
  private static void assertOrdersLanded(EmbeddedKafka kafka, StackLayout layout, EmbeddedS3 s3, long ordersProduced)
      throws Exception {
    OutputTopics topics = new OutputTopics(kafka.bootstrapServers());
    try (IcebergTables tables = new IcebergTables(LocalCatalog.properties(layout.catalogFile(), s3.endpoint()))) {
      await("every order enriched by the Streams app and landed by the sink").atMost(TIMEOUT).pollInterval(Duration.ofSeconds(2))
          .until(() -> tables.rowCount(OutputTable.ORDERS_ENRICHED) == ordersProduced);
      assertThat(eventIds(tables.rows(OutputTable.ORDERS_ENRICHED)))
          .hasSize((int) ordersProduced)
          .isEqualTo(eventIds(topics.rows(OutputTable.ORDERS_ENRICHED)));
    }
  }

  private static Set<Object> eventIds(List<Map<String, Object>> rows) {
    return rows.stream().map(row -> row.get("event_id")).collect(Collectors.toSet());
  }

  private static long recordCount(String bootstrapServers, String topic) throws Exception {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
      Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
      admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions()
          .forEach(p -> latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest()));
      return admin.listOffsets(latest).all().get().values().stream().mapToLong(info -> info.offset()).sum();
    }
  }

  private static void assertWrongPasswordRefused(EmbeddedKafka kafka, Path truststore, String truststorePassword)
      throws Exception {
    Map<String, Object> props = new HashMap<>(new ClientSecurity(truststore,
        ClientSecurity.jaasConfig("generator", "wrong-password"), truststorePassword).settings());
    props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.saslSslBootstrapServers());
    props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 30_000);
    try (Admin admin = Admin.create(props)) {
      assertThatThrownBy(() -> admin.listTopics().names().get(60, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(SaslAuthenticationException.class);
    }
  }

  /**
   * Every secret set in this run, searched in every component's log, in what Connect serves over
   * REST and in what it stores in its config topic (connector and task configs).
   */
  private void assertNoSecretIn(StackConfig config, EmbeddedKafka kafka) throws Exception {
    Map<String, String> texts = new TreeMap<>();
    try (Stream<Path> logs = Files.list(config.layout().logsDir())) {
      for (Path log : logs.toList()) {
        texts.put(log.getFileName().toString(), Files.readString(log));
      }
    }
    for (String path : List.of("/config", "/tasks")) {
      String url = config.connectUrl() + "/connectors/" + CONNECTOR + path;
      texts.put("GET " + url, Http.get(url).body());
    }
    String configTopic = ConnectWorkerComponent.workerProperties(config).get("config.storage.topic");
    texts.put("topic " + configTopic, TopicText.read(kafka.bootstrapServers(), configTopic));
    assertThat(texts.keySet()).contains("connect.log", "connector.log", "streams.log", "streams-print-config.log",
        "generator.log");
    assertThat(texts.get(SecuredComponents.PRINT_CONFIG + ".log")).as("the printed config names the secret keys, masked")
        .contains("kafka.sasl.jaas.config=[hidden]", "kafka.ssl.truststore.password=[hidden]");
    assertThat(texts.get("connect.log")).as("the Connect worker logs its clients' configs, masked")
        .contains("sasl.jaas.config = [hidden]");
    assertThat(texts.get("topic " + configTopic)).as("Connect stores the references, not their values")
        .contains("iceberg.kafka.sasl.jaas.config", "${file:");
    List<String> leaks = new ArrayList<>();
    texts.forEach((source, text) -> secrets.forEach((label, secret) -> {
      if (text.contains(secret)) {
        leaks.add(label + " in " + source);
      }
    }));
    assertThat(leaks).as("secrets found").isEmpty();
  }


}
