package dev.lakehouse.e2e.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.OutputTopics;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.local.embedded.EmbeddedKafka;
import dev.lakehouse.local.embedded.EmbeddedKafka.SaslSslListener;
import dev.lakehouse.local.embedded.EmbeddedS3;
import dev.lakehouse.local.embedded.FreePorts;
import dev.lakehouse.local.stack.ConfigFiles;
import dev.lakehouse.local.stack.ConnectWorkerComponent;
import dev.lakehouse.local.stack.ConnectorComponent;
import dev.lakehouse.local.stack.DetachedProcess;
import dev.lakehouse.local.stack.GeneratorComponent;
import dev.lakehouse.local.stack.Http;
import dev.lakehouse.local.stack.JvmCommand;
import dev.lakehouse.local.stack.LocalCatalog;
import dev.lakehouse.local.stack.ModuleJars;
import dev.lakehouse.local.stack.PipelineTopics;
import dev.lakehouse.local.stack.Progress;
import dev.lakehouse.local.stack.Readiness;
import dev.lakehouse.local.stack.Readiness.StartedComponent;
import dev.lakehouse.local.stack.Setting;
import dev.lakehouse.local.stack.StackConfig;
import dev.lakehouse.local.stack.StackLayout;
import dev.lakehouse.local.stack.StreamsComponent;
import dev.lakehouse.schemas.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
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
 * with ${env:} references. Data must flow end to end, a wrong password must be refused, and no
 * secret may appear in any process's log, in the printed effective config, or in the connector
 * config that Connect serves. The test itself uses the broker's PLAINTEXT listener for setup and
 * as the oracle.
 */
class SecurePipelineIT {
  private static final int PARTITIONS = 2;
  private static final String CONNECTOR = "lakehouse-iceberg-sink";
  private static final Duration TIMEOUT = Duration.ofMinutes(3);

  private final Map<String, String> secrets = new LinkedHashMap<>();
  private final List<Process> processes = new ArrayList<>();

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
      try {
        runPipeline(config, kafka, s3, truststore, truststorePassword);
      } finally {
        // before the broker stops, so that no client retries against a closed listener
        processes.forEach(SecurePipelineIT::stop);
      }
    }
  }

  private void runPipeline(StackConfig config, EmbeddedKafka kafka, EmbeddedS3 s3, Path truststore,
      String truststorePassword) throws Exception {
    ClientSecurity connect = new ClientSecurity(truststore, user(kafka, "connect"), truststorePassword);
    Path connectSecrets = startConnectWorker(config, connect);
    applyConnector(config, connect, connectSecrets);
    startStreamsApp(config, new ClientSecurity(truststore, user(kafka, "streams"), truststorePassword));
    runGenerator(config, new ClientSecurity(truststore, user(kafka, "generator"), truststorePassword));

    long ordersProduced = recordCount(kafka.bootstrapServers(), Topics.ORDERS);
    assertThat(ordersProduced).isPositive();
    assertOrdersLanded(kafka, config.layout(), s3, ordersProduced);
    assertWrongPasswordRefused(kafka, truststore, truststorePassword);
    assertStreamsAppRefusedWithWrongPassword(config, truststorePassword);
    assertNoSecretIn(config, kafka);
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
    Map<Setting, String> overrides = new EnumMap<>(Setting.class);
    overrides.put(Setting.DATA_DIR, dataDir.toString());
    // the components' bootstrap address: the SASL_SSL listener
    overrides.put(Setting.KAFKA_PORT, port(kafka.saslSslBootstrapServers()));
    overrides.put(Setting.S3_PORT, port(s3.endpoint()));
    overrides.put(Setting.CONNECT_PORT, Integer.toString(FreePorts.pick()));
    overrides.put(Setting.STREAMS_PORT, Integer.toString(FreePorts.pick()));
    overrides.put(Setting.TRINO_PORT, Integer.toString(FreePorts.pick()));
    overrides.put(Setting.TOPIC_PARTITIONS, Integer.toString(PARTITIONS));
    Path clientConfig = dataDir.resolve("config").resolve("generator-client.properties");
    overrides.put(Setting.GENERATOR_ARGS, "--client-config " + clientConfig + " --events 1000 --seed 7"
        + " --out-of-order-fraction 0 --beyond-grace-fraction 0 --duplicate-fraction 0 --malformed-fraction 0"
        + " --reference-update-fraction 0 --follow-timeout 2m --manifest " + dataDir.resolve("manifest.json"));
    return StackConfig.of(PipelineStack.repoDir(), overrides);
  }

  private static String port(String address) {
    return address.substring(address.lastIndexOf(':') + 1);
  }

  /** Worker properties with the client settings at the worker level and for producers, consumers and admins. */
  private Path startConnectWorker(StackConfig config, ClientSecurity security) {
    Path secretsFile = ConfigFiles.writeProperties(config.layout().configDir().resolve("connect-secrets.properties"),
        "secrets of the Connect worker", security.settings());
    Map<String, String> worker = new TreeMap<>(ConnectWorkerComponent.workerProperties(config));
    for (String prefix : List.of("", "producer.", "consumer.", "admin.")) {
      withFileReferences(security, secretsFile).forEach((key, value) -> worker.put(prefix + key, value));
    }
    Path file = ConfigFiles.writeProperties(config.layout().configDir().resolve("connect-worker.properties"),
        "Connect worker of SecurePipelineIT", worker);
    JvmCommand command = JvmCommand.forComponent(config, ConnectWorkerComponent.NAME, "768m",
            ConnectWorkerComponent.workerLib(config) + "/*", "org.apache.kafka.connect.cli.ConnectDistributed")
        .simpleLogging("org.reflections", "org.eclipse.jetty")
        .args(file.toString());
    start(config, ConnectWorkerComponent.NAME, command, Map.of(), () -> Http.isOk(config.connectUrl() + "/connectors"));
    return secretsFile;
  }

  private static Map<String, String> withFileReferences(ClientSecurity security, Path secretsFile) {
    Map<String, String> settings = new LinkedHashMap<>(security.publicSettings());
    settings.put("sasl.jaas.config", "${file:" + secretsFile + ":sasl.jaas.config}");
    settings.put("ssl.truststore.password", "${file:" + secretsFile + ":ssl.truststore.password}");
    return settings;
  }

  /** The bundled local connector config plus the sink's own client settings, secrets as ${file:} references. */
  private void applyConnector(StackConfig config, ClientSecurity security, Path secretsFile) {
    List<String> args = new ArrayList<>(ConnectorComponent.arguments(config));
    args.addAll(List.of("--commit-interval-ms", "2000"));
    withFileReferences(security, secretsFile).forEach((key, value) -> args.addAll(List.of("--kafka-property", key + "=" + value)));
    List<String> command = JvmCommand.forComponent(config, ConnectorComponent.NAME, "256m",
            ModuleJars.classpath(config.repoDir(), ConnectorComponent.MODULE, "connect-config"), ConnectorComponent.CLI_CLASS)
        .simpleLogging()
        .args(args)
        .toList();
    Process process = DetachedProcess.launch(ConnectorComponent.NAME, command, config.layout(), Map.of());
    Readiness.awaitSuccess(new StartedComponent(ConnectorComponent.NAME, "apply the connector config", process,
        config.layout()), TIMEOUT, new Progress(System.out, 1));
  }

  /** The local stack's Streams app file with the public client settings; the secrets in environment variables. */
  private void startStreamsApp(StackConfig config, ClientSecurity security) {
    Map<String, String> settings = new LinkedHashMap<>(StreamsComponent.appProperties(config));
    security.publicSettings().forEach((key, value) -> settings.put("kafka." + key, value));
    Path file = streamsConfigFile(config);
    ConfigFiles.writeProperties(file, "Streams app of SecurePipelineIT", settings);
    Map<String, String> env = streamsSecrets(security.saslJaasConfig(), security.truststorePassword());
    String classpath = streamsClasspath(config);
    List<String> printConfig = JvmCommand.forComponent(config, "streams-print-config", "256m", classpath,
        StreamsComponent.MAIN_CLASS).args("--config", file.toString(), "--print-config").toList();
    Readiness.awaitSuccess(new StartedComponent("streams-print-config", "print the Streams app's config",
        DetachedProcess.launch("streams-print-config", printConfig, config.layout(), env), config.layout()),
        TIMEOUT, new Progress(System.out, 1));
    JvmCommand command = JvmCommand.forComponent(config, StreamsComponent.NAME, "512m", classpath, StreamsComponent.MAIN_CLASS)
        .simpleLogging()
        .args("--config", file.toString());
    start(config, StreamsComponent.NAME, command, env, () -> Http.isOk(config.streamsUrl() + "/health/ready"));
  }

  private static Path streamsConfigFile(StackConfig config) {
    return config.layout().configDir().resolve("streams-app.properties");
  }

  private static Map<String, String> streamsSecrets(String saslJaasConfig, String truststorePassword) {
    return Map.of(
        "LAKEHOUSE_STREAMS_KAFKA_SASL_JAAS_CONFIG", saslJaasConfig,
        "LAKEHOUSE_STREAMS_KAFKA_SSL_TRUSTSTORE_PASSWORD", truststorePassword);
  }

  private static String streamsClasspath(StackConfig config) {
    return ModuleJars.classpath(config.repoDir(), StreamsComponent.MODULE, "Streams app");
  }

  /** A second instance with a wrong password stops at its startup check, saying why. */
  private static void assertStreamsAppRefusedWithWrongPassword(StackConfig config, String truststorePassword)
      throws Exception {
    List<String> command = JvmCommand.forComponent(config, "streams-wrong-password", "256m", streamsClasspath(config),
            StreamsComponent.MAIN_CLASS)
        .args("--config", streamsConfigFile(config).toString())
        .toList();
    Process process = DetachedProcess.launch("streams-wrong-password", command, config.layout(),
        streamsSecrets(ClientSecurity.jaasConfig("streams", "wrong-password"), truststorePassword));
    assertThat(process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).as("the app stops by itself").isTrue();
    assertThat(process.exitValue()).as("exit code of a failed startup check").isEqualTo(3);
    assertThat(Files.readString(config.layout().logFile("streams-wrong-password")))
        .contains("Kafka refused the connection", "invalid credentials with SASL mechanism SCRAM-SHA-512");
  }

  /** A client config file whose secrets are ${env:} references, resolved by the Kafka clients themselves. */
  private void runGenerator(StackConfig config, ClientSecurity security) {
    Map<String, String> client = new LinkedHashMap<>(security.publicSettings());
    client.put("config.providers", "env");
    client.put("config.providers.env.class", "org.apache.kafka.common.config.provider.EnvVarConfigProvider");
    client.put("sasl.jaas.config", "${env:GENERATOR_SASL_JAAS_CONFIG}");
    client.put("ssl.truststore.password", "${env:GENERATOR_TRUSTSTORE_PASSWORD}");
    ConfigFiles.writeProperties(config.layout().configDir().resolve("generator-client.properties"),
        "generator client config of SecurePipelineIT", client);
    List<String> command = JvmCommand.forComponent(config, GeneratorComponent.NAME, "256m",
            ModuleJars.classpath(config.repoDir(), "local-stack", "generator"), GeneratorComponent.MAIN_CLASS)
        .simpleLogging()
        .args(GeneratorComponent.arguments(config))
        .toList();
    Map<String, String> env = Map.of(
        "GENERATOR_SASL_JAAS_CONFIG", security.saslJaasConfig(),
        "GENERATOR_TRUSTSTORE_PASSWORD", security.truststorePassword());
    Process process = DetachedProcess.launch(GeneratorComponent.NAME, command, config.layout(), env);
    processes.add(process);
    Readiness.awaitSuccess(new StartedComponent(GeneratorComponent.NAME, "run the generator", process, config.layout()),
        TIMEOUT, new Progress(System.out, 1));
  }

  private void start(StackConfig config, String name, JvmCommand command, Map<String, String> env, BooleanSupplier ready) {
    Process process = DetachedProcess.start(name, command.toList(), config.layout(), env);
    processes.add(process);
    Readiness.await(new StartedComponent(name, name, process, config.layout()), ready, TIMEOUT, new Progress(System.out, 1));
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
    assertThat(texts.get("streams-print-config.log")).as("the printed config names the secret keys, masked")
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

  private static void stop(Process process) {
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
