package dev.lakehouse.connect.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * The settings a production sink needs, in the bundled connector configs and in every worker
 * template we ship (local, production, compose): the sink survives a few commit conflicts with the
 * maintenance job instead of failing its task; workers flush offsets often enough for the sink to
 * commit on time; connectors can override only the client setting the sink needs, and outside the
 * local stack the config providers read only the secrets meant for connectors.
 */
class SinkAndWorkerSettingsTest {
  private static final Path LOCAL = Path.of("config", "worker.properties");
  private static final Path PRODUCTION = Path.of("config", "worker-production.properties");
  private static final Path COMPOSE = Path.of("..", "compose", "images", "connect", "worker.properties");
  /** A maintenance pass commits several times (lease, file groups, manifests, expiry, release). */
  private static final int MIN_CONSECUTIVE_COMMIT_FAILURES = 3;
  private static final int MIN_TABLE_COMMIT_RETRIES = 10;
  /** The local stack restarts a killed worker in seconds (./lakehouse faults, the scaled fault test). */
  private static final long MAX_LOCAL_REBALANCE_DELAY_MS = 30_000;

  static Stream<Path> workerTemplates() {
    return Stream.of(LOCAL, PRODUCTION, COMPOSE);
  }

  static Stream<Path> sharedWorkerTemplates() {
    return Stream.of(PRODUCTION, COMPOSE);
  }

  @ParameterizedTest
  @EnumSource(Environment.class)
  void theSinkRetriesCommitConflictsBeforeItFailsItsTask(Environment environment) {
    Map<String, String> config = render(environment);

    assertThat(Integer.parseInt(config.get("iceberg.control.commit.max-consecutive-failures")))
        .as("iceberg.control.commit.max-consecutive-failures (the sink's default 1 fails the task at the first"
            + " CommitFailedException)").isGreaterThanOrEqualTo(MIN_CONSECUTIVE_COMMIT_FAILURES);
    assertThat(Integer.parseInt(config.get("iceberg.tables.auto-create-props.commit.retry.num-retries")))
        .as("the tables' commit.retry.num-retries (Iceberg's default is 4)").isGreaterThanOrEqualTo(MIN_TABLE_COMMIT_RETRIES);
  }

  @ParameterizedTest
  @EnumSource(Environment.class)
  void theSinksTransactionsAndControlGroupsCarryTheConnectorName(Environment environment) {
    Map<String, String> config = render(environment);

    assertThat(config).containsEntry("iceberg.coordinator.transactional.prefix", "sink-")
        .containsEntry("iceberg.control.group-id-prefix", "sink-control-");
  }

  @ParameterizedTest
  @MethodSource("workerTemplates")
  void everyWorkerFlushesOffsetsOftenEnoughForTheSinkToCommitOnTime(Path template) throws IOException {
    Properties worker = load(template);
    long smallestCommitInterval = Stream.of(Environment.values())
        .mapToLong(e -> Long.parseLong(render(e).get("iceberg.control.commit.interval-ms"))).min().orElseThrow();

    assertThat(worker.getProperty("offset.flush.interval.ms")).as("%s offset.flush.interval.ms (default 60 s)", template)
        .isNotNull();
    assertThat(Long.parseLong(worker.getProperty("offset.flush.interval.ms")))
        .as("%s offset.flush.interval.ms", template).isLessThanOrEqualTo(smallestCommitInterval / 5);
  }

  @ParameterizedTest
  @MethodSource("workerTemplates")
  void connectorsMayOverrideOnlyTheClientSettingsTheSinkSets(Path template) throws IOException {
    Properties worker = load(template);
    Set<String> overridden = new TreeSet<>();
    for (Environment environment : Environment.values()) {
      render(environment).keySet().stream()
          .filter(k -> k.startsWith("consumer.override.") || k.startsWith("producer.override.") || k.startsWith("admin.override."))
          .forEach(k -> overridden.add(k.substring(k.indexOf(".override.") + ".override.".length())));
    }

    assertThat(overridden).as("client settings the bundled connectors override").containsExactly("isolation.level");
    assertThat(worker.getProperty("connector.client.config.override.policy")).as("%s override policy", template)
        .isEqualTo("Allowlist");
    assertThat(new TreeSet<>(Set.of(worker.getProperty("connector.client.config.override.allowlist", "").split(","))))
        .as("%s connector.client.config.override.allowlist", template).isEqualTo(overridden);
  }

  @ParameterizedTest
  @MethodSource("sharedWorkerTemplates")
  void configProvidersReadOnlyTheSecretsMeantForConnectors(Path template) throws IOException {
    Properties worker = load(template);

    assertThat(worker.getProperty("config.providers")).as("%s config.providers", template).isEqualTo("env,file");
    assertThat(worker.getProperty("config.providers.file.param.allowed.paths")).as("%s file provider allowed.paths", template)
        .isNotBlank().satisfies(paths -> assertThat(paths.split(",")).allMatch(p -> p.startsWith("/") && !p.equals("/")));
    assertThat(worker.getProperty("config.providers.env.param.allowlist.pattern")).as("%s env provider allowlist.pattern", template)
        .startsWith("^LAKEHOUSE_CONNECT_");
  }

  @Test
  void theLocalWorkerKeepsItsRestApiOnLoopback() throws IOException {
    assertThat(load(LOCAL).getProperty("listeners")).startsWith("http://127.0.0.1:");
  }

  /** While reserved for a departed worker, tasks commit nothing; Connect's default reserves them for 5 minutes. */
  @Test
  void theLocalWorkerMovesADepartedWorkersTasksWithinSeconds() throws IOException {
    assertThat(Long.parseLong(load(LOCAL).getProperty("scheduled.rebalance.max.delay.ms", "300000")))
        .as("scheduled.rebalance.max.delay.ms of the local worker").isLessThanOrEqualTo(MAX_LOCAL_REBALANCE_DELAY_MS);
  }

  @Test
  void theProductionWorkerAuthenticatesRestClientsAndReplicatesItsState() throws IOException {
    Properties worker = load(PRODUCTION);

    assertThat(worker.getProperty("listeners")).startsWith("https://");
    assertThat(worker).containsEntry("rest.advertised.listener", "https")
        .containsEntry("listeners.https.ssl.client.auth", "required")
        .containsEntry("admin.listeners", "")
        .containsEntry("config.storage.replication.factor", "3")
        .containsEntry("offset.storage.replication.factor", "3")
        .containsEntry("status.storage.replication.factor", "3")
        .containsEntry("consumer.isolation.level", "read_committed")
        .containsKey("scheduled.rebalance.max.delay.ms");
    for (String client : new String[] {"", "consumer.", "producer.", "admin."}) {
      assertThat(worker.getProperty(client + "security.protocol")).as(client + "security.protocol").isEqualTo("SASL_SSL");
      assertThat(worker.getProperty(client + "sasl.jaas.config")).as(client + "sasl.jaas.config")
          .startsWith("${file:/etc/lakehouse/connect-secrets.properties:");
    }
    assertThat(worker.stringPropertyNames()).filteredOn(k -> k.endsWith("password") || k.endsWith("jaas.config"))
        .allMatch(k -> worker.getProperty(k).startsWith("${file:"), "a secret read through the file provider");
  }

  private static Map<String, String> render(Environment environment) {
    return ConnectorConfigTemplate.bundled(environment).render("sink", TemplateValues.of(environment, Map.of(
        TemplateValues.BOOTSTRAP_SERVERS, "b-1.msk:9098", TemplateValues.REGION, "eu-west-1",
        TemplateValues.WAREHOUSE, "s3://corp-lake/warehouse", TemplateValues.DATA_DIR, "/data")));
  }

  private static Properties load(Path template) throws IOException {
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(template)) {
      properties.load(reader);
    }
    return properties;
  }
}
