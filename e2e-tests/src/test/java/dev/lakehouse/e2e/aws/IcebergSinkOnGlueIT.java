package dev.lakehouse.e2e.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.connect.config.TemplateValues;
import dev.lakehouse.connect.tables.Catalogs;
import dev.lakehouse.local.embedded.EmbeddedKafka;
import dev.lakehouse.local.embedded.FreePorts;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.serde.AvroSerializer;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * The real Iceberg sink, in a real Connect worker JVM with the assembled plugin dir, applied by the
 * connect-config CLI with the bundled {@code aws} config (plus moto's endpoints), lands a topic into
 * the Glue-cataloged table. Credentials reach the worker and the CLI the production way, from the
 * AWS default chain (here: environment variables with moto's dummy keys). Needs the packaged
 * connect-config module (plugin dir, worker-lib, CLI jar), so it runs with failsafe after package.
 * It takes minutes on a loaded machine (three JVMs and moto), beyond the module's time budget, so it
 * runs only when LAKEHOUSE_AWS_SINK_IT=true.
 */
@EnabledIfEnvironmentVariable(named = "LAKEHOUSE_AWS_SINK_IT", matches = "true",
    disabledReason = "the Glue sink IT runs only with LAKEHOUSE_AWS_SINK_IT=true (about 2-3 min)")
class IcebergSinkOnGlueIT {
  private static final Path REPO = ProjectVenv.repoDir();
  private static final Path WORK = Path.of("target", "aws-sink-it").toAbsolutePath();
  private static final String CONNECTOR = "iceberg-glue";
  private static final int EVENTS = 200;
  private static final Map<String, String> AWS_ENV = Map.of(
      "AWS_ACCESS_KEY_ID", MotoServer.ACCESS_KEY,
      "AWS_SECRET_ACCESS_KEY", MotoServer.SECRET_KEY,
      "AWS_REGION", MotoServer.REGION);

  private static MotoServer moto;
  private static EmbeddedKafka kafka;
  private static JavaProcess worker;
  private static String connectUrl;

  @BeforeAll
  static void startServices() throws Exception {
    ProjectVenv.assumeModules("moto", "flask", "werkzeug");
    Path runDir = WORK.resolve("run-" + System.currentTimeMillis());
    moto = MotoServer.launch(runDir);
    kafka = EmbeddedKafka.start(runDir.resolve("kafka"), 0);
    kafka.createTopics(1, Topics.OUTPUTS.toArray(String[]::new));
    int restPort = FreePorts.pick();
    connectUrl = "http://127.0.0.1:" + restPort;
    worker = JavaProcess.start(runDir.resolve("connect-worker.log"),
        REPO.resolve("connect-config/target/worker-lib").toString() + "/*", AWS_ENV,
        "org.apache.kafka.connect.cli.ConnectDistributed", writeWorkerProperties(runDir, restPort).toString());
    moto.awaitReady().createBucket("lakehouse");
    await("Connect worker REST API at " + connectUrl).atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(500))
        .until(() -> answers(connectUrl + "/connectors"));
  }

  private static boolean answers(String url) {
    try {
      HttpURLConnection connection = (HttpURLConnection) URI.create(url).toURL().openConnection();
      connection.setConnectTimeout(500);
      connection.setReadTimeout(2000);
      return connection.getResponseCode() == 200;
    } catch (IOException e) {
      return false;
    }
  }

  @AfterAll
  static void stopServices() {
    for (AutoCloseable service : new AutoCloseable[] {worker, kafka, moto}) {
      try {
        if (service != null) {
          service.close();
        }
      } catch (Exception e) {
        System.err.println("Cannot stop " + service + ": " + e.getMessage());
      }
    }
  }

  @Test
  void theSinkWithTheAwsConfigLandsATopicInTheGlueCatalogedTable() throws Exception {
    Path connectorFile = WORK.resolve("connector-aws-on-moto.json");
    new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(connectorFile.toFile(),
        MotoConnectorConfig.render(moto, CONNECTOR, Map.of(
            TemplateValues.BOOTSTRAP_SERVERS, kafka.bootstrapServers(),
            TemplateValues.TASKS_MAX, "1",
            TemplateValues.REPLICATION_FACTOR, "1",
            TemplateValues.COMMIT_INTERVAL_MS, "2000")));

    try (JavaProcess apply = JavaProcess.start(WORK.resolve("connect-config-apply.log"),
        REPO.resolve("connect-config/target/connect-config.jar") + ":" + REPO.resolve("connect-config/target/lib") + "/*",
        AWS_ENV, "dev.lakehouse.connect.cli.ConnectConfigCli", "apply", "--env", "aws", "--file", connectorFile.toString(),
        "--name", CONNECTOR, "--connect-url", connectUrl, "--bootstrap-servers", kafka.bootstrapServers(),
        "--region", MotoServer.REGION, "--warehouse", MotoConnectorConfig.WAREHOUSE, "--timeout-seconds", "120")) {
      assertThat(apply.waitFor(180)).as("connect-config apply --env aws:\n%s", apply.log()).isZero();
    }

    Map<String, BigDecimal> produced = produceOrdersEnriched();

    Map<String, String> readerConfig = MotoConnectorConfig.render(moto, CONNECTOR,
        Map.of(TemplateValues.BOOTSTRAP_SERVERS, kafka.bootstrapServers()));
    readerConfig.put("iceberg.catalog.client.credentials-provider", MotoCredentials.class.getName());
    Catalog catalog = Catalogs.open(readerConfig);
    try {
      TableIdentifier ordersEnriched = TableIdentifier.of("lakehouse", "orders_enriched");
      await("all " + EVENTS + " rows committed to Glue table lakehouse.orders_enriched")
          .atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofSeconds(2))
          .until(() -> rows(catalog.loadTable(ordersEnriched)).size() >= EVENTS);

      Table table = catalog.loadTable(ordersEnriched);
      assertThat(rows(table)).isEqualTo(produced);
      Snapshot current = table.currentSnapshot();
      assertThat(current.summary().keySet()).as("the sink stores its control-topic offsets in the snapshot")
          .anyMatch(key -> key.startsWith("kafka.connect.offsets." + CONNECTOR + "-control."));
      assertThat(moto.glueMetadataLocation("lakehouse", "orders_enriched"))
          .isEqualTo(((org.apache.iceberg.HasTableOperations) table).operations().current().metadataFileLocation());
    } finally {
      if (catalog instanceof AutoCloseable closeable) {
        closeable.close();
      }
    }
  }

  private static Map<String, BigDecimal> produceOrdersEnriched() {
    Properties props = new Properties();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
    props.put(ProducerConfig.ACKS_CONFIG, "all");
    Map<String, BigDecimal> produced = new TreeMap<>();
    AvroSerializer values = new AvroSerializer(SchemaRegistries.fromConfig(Map.of(SchemaRegistries.URL_CONFIG, "file:")));
    try (KafkaProducer<String, GenericRecord> producer = new KafkaProducer<>(props, new StringSerializer(), values)) {
      Instant start = Instant.parse("2026-11-29T08:00:00Z");
      for (int i = 0; i < EVENTS; i++) {
        String orderId = "order-" + i;
        BigDecimal amount = new BigDecimal(i).add(new BigDecimal("0.99"));
        produced.put(orderId, amount);
        producer.send(new ProducerRecord<>(Topics.ORDERS_ENRICHED, orderId, orderEnriched(orderId, amount,
            start.plusSeconds(30L * i), i)));
      }
      producer.flush();
    }
    return produced;
  }

  private static GenericRecord orderEnriched(String orderId, BigDecimal amount, Instant eventTime, long offset) {
    GenericRecord r = new GenericData.Record(Topics.valueSchema(Topics.ORDERS_ENRICHED));
    r.put("event_id", "event-" + orderId);
    r.put("order_id", orderId);
    r.put("customer_id", "customer-1");
    r.put("merchant_id", "merchant-1");
    r.put("status", "PLACED");
    r.put("amount", amount);
    r.put("currency", "EUR");
    r.put("event_time", eventTime);
    r.put("source_topic", Topics.ORDERS);
    r.put("source_partition", 0);
    r.put("source_offset", offset);
    r.put("processing_time", eventTime.plusSeconds(1));
    return r;
  }

  private static Map<String, BigDecimal> rows(Table table) throws IOException {
    Map<String, BigDecimal> rows = new TreeMap<>();
    table.refresh();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      records.forEach(r -> rows.put((String) r.getField("order_id"), (BigDecimal) r.getField("amount")));
    }
    return rows;
  }

  private static Path writeWorkerProperties(Path runDir, int restPort) throws IOException {
    Map<String, String> props = new HashMap<>();
    props.put("bootstrap.servers", kafka.bootstrapServers());
    props.put("group.id", "lakehouse-connect-aws-it");
    props.put("listeners", "http://127.0.0.1:" + restPort);
    props.put("rest.advertised.host.name", "127.0.0.1");
    props.put("rest.advertised.port", Integer.toString(restPort));
    props.put("plugin.path", REPO.resolve("connect-config/target/plugin").toString());
    props.put("plugin.discovery", "service_load");
    props.put("key.converter", "org.apache.kafka.connect.storage.StringConverter");
    props.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    props.put("value.converter.schemas.enable", "false");
    props.put("config.storage.topic", "connect-configs");
    props.put("offset.storage.topic", "connect-offsets");
    props.put("status.storage.topic", "connect-status");
    for (String storage : List.of("config", "offset", "status")) {
      props.put(storage + ".storage.replication.factor", "1");
    }
    props.put("offset.storage.partitions", "1");
    props.put("status.storage.partitions", "1");
    props.put("connector.client.config.override.policy", "All");
    props.put("config.providers", "env,file");
    props.put("config.providers.env.class", "org.apache.kafka.common.config.provider.EnvVarConfigProvider");
    props.put("config.providers.file.class", "org.apache.kafka.common.config.provider.FileConfigProvider");
    Properties properties = new Properties();
    properties.putAll(props);
    Path file = runDir.resolve("worker.properties");
    try (var out = Files.newBufferedWriter(file)) {
      properties.store(out, "Connect worker of IcebergSinkOnGlueIT");
    }
    return file;
  }
}
