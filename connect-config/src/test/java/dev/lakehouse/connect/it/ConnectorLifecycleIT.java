package dev.lakehouse.connect.it;

import static dev.lakehouse.connect.it.ConnectStack.cli;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.connect.it.ConnectStack.CliRun;
import dev.lakehouse.connect.rest.ConnectClient;
import dev.lakehouse.connect.rest.ConnectorStatus;
import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.serde.AvroSerializer;
import dev.lakehouse.testkit.LocalCatalog;
import dev.lakehouse.testkit.WarehouseLayout;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CLI against a real worker with the assembled plugin, in order: validate, apply (twice), land
 * records, dead-letter a bad one, status, delete.
 */
@ExtendWith(ConnectStackExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConnectorLifecycleIT {
  private static final String NAME = "lakehouse-iceberg-sink";
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  @Order(1)
  void validateAcceptsTheBundledLocalConfig(ConnectStack stack) {
    CliRun run = cli(args("validate", stack));

    assertThat(run.err()).isEmpty();
    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("Config of connector " + NAME + " (local) is valid");
  }

  @Test
  @Order(2)
  void validateNamesAMisspeltKeyAndAValueTheWorkerRejects(ConnectStack stack, @TempDir Path dir) throws Exception {
    Map<String, String> config = bundledLocalConfig();
    config.put("iceberg.tables.route-feild", config.remove("iceberg.tables.route-field"));
    config.put("iceberg.control.commit.interval-ms", "soon");

    CliRun run = cli(args("validate", stack, "--file", write(dir, config).toString()));

    assertThat(run.exit()).isEqualTo(ExitCode.INVALID.code());
    assertThat(run.err())
        .contains("iceberg.tables.route-feild: the connector does not define this key, so it would be ignored; "
            + "did you mean 'iceberg.tables.route-field'?")
        .contains("iceberg.control.commit.interval-ms: Invalid value soon");
  }

  @Test
  @Order(3)
  void validateNamesAMissingCatalog(ConnectStack stack, @TempDir Path dir) throws Exception {
    Map<String, String> config = bundledLocalConfig();
    config.remove("iceberg.catalog.catalog-impl");

    CliRun run = cli(args("validate", stack, "--file", write(dir, config).toString()));

    assertThat(run.exit()).isEqualTo(ExitCode.INVALID.code());
    assertThat(run.err()).contains("iceberg.catalog.catalog-impl: no Iceberg catalog is configured");
  }

  @Test
  @Order(4)
  void validateListsTheInstalledPluginsWhenTheClassIsMissing(ConnectStack stack, @TempDir Path dir) throws Exception {
    Map<String, String> config = bundledLocalConfig();
    config.put("connector.class", "com.example.NoSuchSink");

    CliRun run = cli(args("validate", stack, "--file", write(dir, config).toString()));

    assertThat(run.exit()).isEqualTo(ExitCode.UNREACHABLE.code());
    assertThat(run.err())
        .contains("Cannot use connector class com.example.NoSuchSink: the worker at " + stack.connectUrl() + " has no such plugin")
        .contains("org.apache.iceberg.connect.IcebergSinkConnector");
  }

  /** Athena cannot read Iceberg v3: a connector whose tables are not v2 is refused before anything changes. */
  @Test
  @Order(4)
  void validateAndApplyRefuseAConnectorWhoseTableIsNotIcebergV2(ConnectStack stack) throws Exception {
    TableIdentifier v3 = TableIdentifier.of("format_check", "orders_enriched");
    Catalog catalog = LocalCatalog.open(new WarehouseLayout(stack.dataDir()).catalogFile(), stack.s3Endpoint());
    ((SupportsNamespaces) catalog).createNamespace(v3.namespace());
    catalog.buildTable(v3, new Schema(Types.NestedField.required(1, "event_id", Types.StringType.get())))
        .withProperty("format-version", "3").create();
    String snapshot = catalog.loadTable(v3).properties().toString();

    CliRun validate = cli(args("validate", stack, "--name", "format-check", "--namespace", "format_check"));
    CliRun apply = cli(args("apply", stack, "--name", "format-check", "--namespace", "format_check"));

    for (CliRun run : List.of(validate, apply)) {
      assertThat(run.exit()).as(run.err()).isEqualTo(ExitCode.INVALID.code());
      assertThat(run.err()).contains("format_check.orders_enriched: is an Iceberg v3 table; the lakehouse's tables "
          + "are v2 (Athena cannot read v3). Rewrite it into a new v2 table");
    }
    assertThat(stack.client().config("format-check")).as("no connector created").isEmpty();
    assertThat(catalog.tableExists(TableIdentifier.of("format_check", "late_events"))).as("no table created").isFalse();
    assertThat(catalog.loadTable(v3).properties().toString()).isEqualTo(snapshot);
  }

  @Test
  @Order(5)
  void applyTwiceChangesNothingTheSecondTime(ConnectStack stack) {
    CliRun first = cli(args("apply", stack));
    assertThat(first.exit()).as(first.err()).isZero();
    assertThat(first.out()).contains("config applied").contains("task 0: RUNNING");
    ConnectClient client = stack.client();
    Map<String, String> config = client.config(NAME).orElseThrow();
    // each generation of task configs carries a fresh transactional suffix: equal lists mean no reconfiguration
    List<Map<String, String>> tasks = client.taskConfigs(NAME);

    CliRun second = cli(args("apply", stack));

    assertThat(second.exit()).as(second.err()).isZero();
    assertThat(second.out()).contains("config unchanged").contains("exists, unchanged").doesNotContain("created");
    assertThat(client.config(NAME)).contains(config);
    assertThat(client.taskConfigs(NAME)).isEqualTo(tasks).hasSize(1);
    ConnectorStatus status = client.status(NAME).orElseThrow();
    assertThat(status.state()).isEqualTo("RUNNING");
    assertThat(status.tasks()).extracting(ConnectorStatus.TaskStatus::state).containsExactly("RUNNING");
    // secrets reach the worker only as provider references
    assertThat(config.get("iceberg.catalog.s3.secret-access-key")).startsWith("${file:").doesNotContain("lakehouse-secret");
  }

  @Test
  @Order(6)
  void theSinkLandsAvroRecordsInTheirTableWithLineage(ConnectStack stack) throws Exception {
    CliRun apply = cli(args("apply", stack));
    assertThat(apply.exit()).as(apply.err()).isZero();
    Instant eventTime = Instant.parse("2026-11-29T08:15:30.123Z");
    List<GenericRecord> orders = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      orders.add(orderEnriched("o-" + i, new BigDecimal(i + ".25"), eventTime.plusSeconds(i)));
    }
    produce(stack, Topics.ORDERS_ENRICHED, orders);

    // the local connector config lays its catalog out as the local stack does
    Catalog catalog = LocalCatalog.open(new WarehouseLayout(stack.dataDir()).catalogFile(), stack.s3Endpoint());
    Table table = catalog.loadTable(TableIdentifier.of("lakehouse", "orders_enriched"));
    List<Record> rows = await("5 rows in lakehouse.orders_enriched").atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofSeconds(1))
        .until(() -> read(table), r -> r.size() >= 5);

    assertThat(rows).hasSize(5);
    assertThat(rows).extracting(r -> r.getField("order_id") + "=" + r.getField("amount"))
        .containsExactlyInAnyOrder("o-0=0.25", "o-1=1.25", "o-2=2.25", "o-3=3.25", "o-4=4.25");
    assertThat(rows).extracting(r -> r.getField("event_time"))
        .contains(OffsetDateTime.ofInstant(eventTime, ZoneOffset.UTC));
    assertThat(rows).extracting(r -> r.getField("_kafka_metadata_topic")).containsOnly(Topics.ORDERS_ENRICHED);
    assertThat(rows).extracting(r -> r.getField("_kafka_metadata_offset")).containsExactlyInAnyOrder(0L, 1L, 2L, 3L, 4L);
    assertThat(read(catalog.loadTable(TableIdentifier.of("lakehouse", "order_payments")))).isEmpty();
    assertThat(table.currentSnapshot().summary().keySet()).anyMatch(k -> k.startsWith("kafka.connect.offsets."));
  }

  @Test
  @Order(7)
  void aRecordTheConverterCannotReadGoesToTheDeadLetterTopicAndTheConnectorKeepsRunning(ConnectStack stack)
      throws Exception {
    Map<String, Object> producerConfig = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers());
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(producerConfig, new ByteArraySerializer(), new ByteArraySerializer())) {
      producer.send(new ProducerRecord<>(Topics.LATE_EVENTS, "k".getBytes(), "not avro".getBytes())).get();
    }

    Map<String, Object> consumerConfig = Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers(),
        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
        ConsumerConfig.GROUP_ID_CONFIG, "dlq-reader");
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(consumerConfig, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      consumer.subscribe(List.of(NAME + "-dlq"));
      List<ConsumerRecord<byte[], byte[]>> dead = new ArrayList<>();
      await("a record in " + NAME + "-dlq").atMost(Duration.ofSeconds(60))
          .until(() -> {
            consumer.poll(Duration.ofMillis(500)).forEach(dead::add);
            return !dead.isEmpty();
          });
      ConsumerRecord<byte[], byte[]> record = dead.get(0);
      assertThat(new String(record.value())).isEqualTo("not avro");
      assertThat(new String(record.headers().lastHeader("__connect.errors.topic").value())).isEqualTo(Topics.LATE_EVENTS);
    }
    assertThat(stack.client().status(NAME).orElseThrow().isRunningWith(1)).isTrue();
  }

  @Test
  @Order(8)
  void statusPrintsTheRunningConnectorAndItsTasks(ConnectStack stack) {
    CliRun run = cli(List.of("status", "--connect-url", stack.connectUrl()));

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(run.out()).contains("connector " + NAME + ": RUNNING").contains("task 0: RUNNING");
  }

  @Test
  @Order(9)
  void deleteRemovesTheConnectorAndIsIdempotent(ConnectStack stack) {
    CliRun deleted = cli(List.of("delete", "--connect-url", stack.connectUrl()));
    assertThat(deleted.exit()).isZero();
    assertThat(deleted.out()).contains("connector " + NAME + ": deleted");

    await().atMost(Duration.ofSeconds(30)).until(() -> stack.client().status(NAME).isEmpty());
    CliRun status = cli(List.of("status", "--connect-url", stack.connectUrl()));
    CliRun again = cli(List.of("delete", "--connect-url", stack.connectUrl()));

    assertThat(status.exit()).isEqualTo(ExitCode.FAILED.code());
    assertThat(status.err()).contains("Connector " + NAME + " does not exist");
    assertThat(again.exit()).isZero();
    assertThat(again.out()).contains("does not exist, nothing to delete");
  }

  private static List<String> args(String verb, ConnectStack stack, String... more) {
    return Stream.concat(Stream.concat(Stream.of(verb, "--env", "local"), stack.localArgs().stream()), Stream.of(more)).toList();
  }

  /** base.json overlaid with local.json, read here independently of the CLI's template code. */
  private static Map<String, String> bundledLocalConfig() throws Exception {
    Map<String, String> config = new LinkedHashMap<>();
    for (String resource : List.of("connectors/base.json", "connectors/local.json")) {
      try (var in = ConnectorLifecycleIT.class.getClassLoader().getResourceAsStream(resource)) {
        JSON.readTree(in).fields().forEachRemaining(e -> config.put(e.getKey(), e.getValue().asText()));
      }
    }
    return config;
  }

  private static Path write(Path dir, Map<String, String> config) throws Exception {
    Path file = dir.resolve("connector.json");
    Files.writeString(file, JSON.writeValueAsString(config));
    return file;
  }

  private static List<Record> read(Table table) throws Exception {
    table.refresh();
    try (CloseableIterable<Record> rows = IcebergGenerics.read(table).build()) {
      List<Record> list = new ArrayList<>();
      rows.forEach(list::add);
      return list;
    }
  }

  private static GenericRecord orderEnriched(String orderId, BigDecimal amount, Instant eventTime) {
    GenericRecord record = new GenericData.Record(Topics.valueSchema(Topics.ORDERS_ENRICHED));
    record.put("event_id", "e-" + orderId);
    record.put("order_id", orderId);
    record.put("customer_id", "c-1");
    record.put("merchant_id", "m-1");
    record.put("status", "PLACED");
    record.put("amount", amount);
    record.put("currency", "EUR");
    record.put("event_time", eventTime);
    record.put("customer_name", "Ada");
    record.put("source_topic", Topics.ORDERS);
    record.put("source_partition", 0);
    record.put("source_offset", 7L);
    record.put("processing_time", eventTime.plusMillis(40));
    return record;
  }

  private static void produce(ConnectStack stack, String topic, List<GenericRecord> records) throws Exception {
    Map<String, Object> config = Map.of(
        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers(),
        ProducerConfig.ACKS_CONFIG, "all",
        "schema.registry.url", "file:");
    try (KafkaProducer<String, GenericRecord> producer =
        new KafkaProducer<>(config, new StringSerializer(), serializer())) {
      for (GenericRecord record : records) {
        producer.send(new ProducerRecord<>(topic, record.get("order_id").toString(), record)).get();
      }
    }
  }

  private static AvroSerializer serializer() {
    AvroSerializer serializer = new AvroSerializer();
    serializer.configure(Map.of("schema.registry.url", "file:"), false);
    return serializer;
  }
}
