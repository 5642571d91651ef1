package dev.lakehouse.local.status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import dev.lakehouse.local.stack.components.PipelineTopics;
import dev.lakehouse.local.stack.config.Replay;
import dev.lakehouse.maintenance.audit.LedgerCheck;
import dev.lakehouse.maintenance.audit.SavedAudit;
import dev.lakehouse.maintenance.audit.TableAuditResult;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.EmbeddedS3;
import dev.lakehouse.testkit.KafkaFixture;
import dev.lakehouse.testkit.LocalCatalog;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The status report against a real broker, S3 server and catalog. The Streams app's and the
 * Connect worker's HTTP answers are canned (their real processes are covered by the e2e tests).
 */
class StatusCollectorTest {
  private static final String CONNECTOR = "iceberg-sink";
  private static final String CAUGHT_UP_REPLAY = "lakehouse-streams-replay-2";
  private static final String STARTING_REPLAY = "lakehouse-streams-replay-3";

  @TempDir static Path dir;
  static Path countsFile;
  static Path auditFile;
  static KafkaFixture kafka;
  static EmbeddedS3 s3;
  static HttpServer http;
  static long snapshotId;
  static Instant committedAt;

  @BeforeAll
  static void startServices() throws Exception {
    countsFile = dir.resolve("status/record-counts.json");
    auditFile = dir.resolve("maintenance/last-audit.json");
    s3 = EmbeddedS3.start(dir.resolve("s3"), 0);
    kafka = KafkaFixture.start(dir.resolve("kafka"));
    PipelineTopics.ensure(kafka.bootstrapServers(), 3);
    produce(Topics.ORDERS, 5);
    produce(Topics.PAYMENTS, 3);
    produce(Topics.ORDERS_ENRICHED, 4);
    produce(Topics.LATE_EVENTS, 2);
    produce(Topics.DEAD_LETTERS, 1);
    produce(ConnectStats.deadLetterTopic(CONNECTOR), 6);
    commit("lakehouse-streams", new TopicPartition(Topics.ORDERS, 0), 2);
    commit(CAUGHT_UP_REPLAY, new TopicPartition(Topics.ORDERS, 0), 5);
    commit(ConnectStats.sinkGroup(CONNECTOR), new TopicPartition(Topics.ORDERS_ENRICHED, 0), 1);
    createTableWithOneCommit(7);
    http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    respond("/v1/info", "{\"starting\":false}");
    respond("/health", "OK");
    respond("/health/live", "{\"status\":\"UP\",\"state\":\"RUNNING\"}");
    respond("/connectors", "{\"" + CONNECTOR + "\":{\"status\":{\"name\":\"" + CONNECTOR + "\","
        + "\"connector\":{\"state\":\"RUNNING\",\"worker_id\":\"127.0.0.1:8083\"},"
        + "\"tasks\":[{\"id\":0,\"state\":\"RUNNING\",\"worker_id\":\"127.0.0.1:8083\"},"
        + "{\"id\":1,\"state\":\"FAILED\",\"worker_id\":\"127.0.0.1:8083\",\"trace\":\"boom\"}],\"type\":\"sink\"}}}");
    http.start();
  }

  @AfterAll
  static void stopServices() throws Exception {
    http.stop(0);
    kafka.close();
    s3.close();
  }

  private static void produce(String topic, int count) throws Exception {
    kafka.createTopics(1, topic);
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
        ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
        ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class))) {
      for (int i = 0; i < count; i++) {
        producer.send(new ProducerRecord<>(topic, 0, "k" + i, "v" + i)).get();
      }
    }
  }

  /** One transaction per batch on partition 0, committed or aborted: each ends with a marker that takes an offset. */
  private static void produceTransactions(String topic, boolean commit, int... batches) {
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
        ProducerConfig.TRANSACTIONAL_ID_CONFIG, "status-test-" + topic,
        ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
        ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class))) {
      producer.initTransactions();
      for (int batch : batches) {
        producer.beginTransaction();
        for (int i = 0; i < batch; i++) {
          producer.send(new ProducerRecord<>(topic, 0, "k" + i, "v" + i));
        }
        producer.flush(); // so that an aborted transaction's records are written too
        if (commit) {
          producer.commitTransaction();
        } else {
          producer.abortTransaction();
        }
      }
    }
  }

  private static long endOffset(String topic) {
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()), new StringDeserializer(), new StringDeserializer())) {
      TopicPartition partition = new TopicPartition(topic, 0);
      return consumer.endOffsets(List.of(partition)).get(partition);
    }
  }

  private static void commit(String group, TopicPartition partition, long offset) {
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
        ConsumerConfig.GROUP_ID_CONFIG, group), new StringDeserializer(), new StringDeserializer())) {
      consumer.commitSync(Map.of(partition, new OffsetAndMetadata(offset)));
    }
  }

  private static void createTableWithOneCommit(long records) throws Exception {
    Path catalogFile = dir.resolve("catalog/iceberg.db");
    LocalCatalog.initialize(catalogFile, s3.endpoint());
    Catalog catalog = LocalCatalog.open(catalogFile, s3.endpoint());
    Schema schema = new Schema(Types.NestedField.required(1, "id", Types.StringType.get()));
    Table table = catalog.createTable(TableIdentifier.of(LocalCatalog.NAMESPACE, "orders_enriched"), schema,
        PartitionSpec.unpartitioned());
    DataFile file = DataFiles.builder(PartitionSpec.unpartitioned())
        .withPath(table.location() + "/data/one.parquet")
        .withFormat("PARQUET")
        .withFileSizeInBytes(1024)
        .withRecordCount(records)
        .build();
    table.newAppend().appendFile(file).commit();
    table.refresh();
    snapshotId = table.currentSnapshot().snapshotId();
    committedAt = Instant.ofEpochMilli(table.currentSnapshot().timestampMillis());
  }

  private static void respond(String path, String body) {
    http.createContext(path, exchange -> {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, bytes.length);
      exchange.getResponseBody().write(bytes);
      exchange.close();
    });
  }

  private static StackStatus collect() {
    String url = "http://127.0.0.1:" + http.getAddress().getPort();
    return collect(List.of(url));
  }

  private static StackStatus collect(List<String> streamsUrls) {
    String url = "http://127.0.0.1:" + http.getAddress().getPort();
    StatusTargets targets = new StatusTargets(kafka.bootstrapServers(), streamsUrls, "lakehouse-streams",
        List.of(CAUGHT_UP_REPLAY, STARTING_REPLAY), url, url, url,
        LocalCatalog.properties(dir.resolve("catalog/iceberg.db"), s3.endpoint()), List.of(), "maintenance-job is not built",
        countsFile, auditFile);
    return new StatusCollector(targets, clockAfterCommit()).collect();
  }

  /** The report's clock: 90 s after the table's commit. */
  private static Clock clockAfterCommit() {
    return Clock.fixed(committedAt.plusSeconds(90), ZoneOffset.UTC);
  }

  @Test
  void reportsRecordsLateDeadLetteredAndLagPerStage() {
    StackStatus status = collect();

    assertThat(status.inputs().error()).isNull();
    assertThat(status.inputs().topics()).containsExactly(
        new StackStatus.TopicRecords(Topics.ORDERS, 5), new StackStatus.TopicRecords(Topics.PAYMENTS, 3),
        new StackStatus.TopicRecords(Topics.CUSTOMERS, 0), new StackStatus.TopicRecords(Topics.MERCHANTS, 0));
    assertThat(status.streams().state()).isEqualTo("RUNNING");
    assertThat(status.streams().outputs()).contains(new StackStatus.TopicRecords(Topics.ORDERS_ENRICHED, 4));
    assertThat(status.streams().late()).isEqualTo(2);
    assertThat(status.streams().deadLettered()).isEqualTo(1);
    assertThat(status.streams().consumerLag()).isEqualTo(5 - 2);
    assertThat(status.replays()).containsExactly(new StackStatus.Replay(CAUGHT_UP_REPLAY, 0L, null),
        new StackStatus.Replay(STARTING_REPLAY, null, null));
    assertThat(status.connect().connectors()).containsExactly(
        new StackStatus.Connector(CONNECTOR, "RUNNING", List.of("0:RUNNING", "1:FAILED"), 4L - 1, 6L));
  }

  @Test
  void countsCommittedRecordsNotMarkersNorAbortedOnesAndThenOnlyNewRecords() throws Exception {
    String topic = Topics.ORDER_PAYMENTS;
    kafka.createTopics(1, topic);
    produceTransactions(topic, true, 3, 2);
    produceTransactions(topic, false, 4);
    assertThat(endOffset(topic)).as("records, aborted ones and one marker per transaction").isEqualTo(3 + 2 + 4 + 3);

    assertThat(collect().streams().outputs()).contains(new StackStatus.TopicRecords(topic, 5));

    // a kept count the next status must extend, not recount (a real one would be 5)
    ObjectNode counts = (ObjectNode) new ObjectMapper().readTree(countsFile.toFile());
    ((ObjectNode) counts.get(topic + "-0")).put("count", 1000);
    new ObjectMapper().writeValue(countsFile.toFile(), counts);
    produceTransactions(topic, true, 1);
    assertThat(collect().streams().outputs()).as("the kept count plus the new transaction")
        .contains(new StackStatus.TopicRecords(topic, 1001));
    assertThat(new ObjectMapper().readTree(countsFile.toFile()).at("/" + topic + "-0/position").asLong())
        .as("where the next status resumes").isEqualTo(endOffset(topic));
  }

  @Test
  void reportsTheLastIcebergCommitItsAgeAndRows() {
    StackStatus status = collect();

    assertThat(status.iceberg().error()).isNull();
    assertThat(status.iceberg().tables()).hasSize(Topics.OUTPUTS.size());
    assertThat(status.iceberg().tables().get(0)).isEqualTo(new StackStatus.Table("orders_enriched", true, snapshotId,
        committedAt.toString(), 90L, 7L));
    assertThat(status.iceberg().tables()).filteredOn(t -> !t.exists()).extracting(StackStatus.Table::table)
        .containsExactly("revenue_by_merchant_1m", "payments_by_outcome_1m", "late_events", "order_payments", "dead_letters",
            "pipeline_ledger", "customers_versions", "merchants_versions");
    assertThat(status.maintenance().note()).isEqualTo("maintenance-job is not built");
  }

  @Test
  void printsAlignedTablesAndJsonWithTheSameFigures() throws Exception {
    StackStatus status = collect();

    String text = StatusPrinter.text(status);
    String url = "http://127.0.0.1:" + http.getAddress().getPort();
    assertThat(text).contains("SQL (Trino): " + url + "  (./lakehouse sql \"show tables\")\n"
            + "Dashboard:   " + url + "/superset/dashboard/lakehouse/  (refreshes every minute)\n\n")
        .contains("Streams app (lakehouse-streams): RUNNING")
        .containsPattern("(?m)^  orders\\s+5$")
        .containsPattern("(?m)^  late \\(late-events\\)\\s+2$")
        .containsPattern("(?m)^  lakehouse-streams-replay-2\\s+0$")
        .containsPattern("(?m)^  lakehouse-streams-replay-3\\s+no offsets committed yet$")
        .containsPattern("(?m)^  iceberg-sink\\s+RUNNING\\s+0:RUNNING 1:FAILED\\s+3\\s+6$")
        .containsPattern("(?m)^  orders_enriched\\s+" + snapshotId + "\\s+" + committedAt + "\\s+90 s\\s+7$")
        .contains("  dead_letters ");
    JsonNode json = new ObjectMapper().readTree(StatusPrinter.json(status));
    assertThat(json.at("/streams/consumerLag").asLong()).isEqualTo(3);
    assertThat(json.at("/iceberg/tables/0/totalRecords").asLong()).isEqualTo(7);
    assertThat(json.at("/connect/connectors/0/tasks/1").asText()).isEqualTo("1:FAILED");
  }

  @Test
  void showsWhatTheLastAuditFoundPerTable() throws Exception {
    assertThat(collect().audit().note()).startsWith("no audit yet: ./lakehouse audit");
    List<String> lineage = List.of("source_topic", "source_partition", "source_offset");
    TableAuditResult clean = new TableAuditResult("lakehouse.orders_enriched", 2, 20, List.of(), lineage, 0, List.of(),
        new LedgerCheck(20, 20, 0, 0, 0, 0, 0, -1, List.of()));
    TableAuditResult shortOfTheLedger = new TableAuditResult("lakehouse.late_events", 1, 5, List.of(), lineage, 0, List.of(),
        new LedgerCheck(6, 5, 1, 0, 0, 0, 0, -1, List.of("orders-0 offsets 0..9: 5 rows, the ledger counts 6")));
    TableAuditResult broken = new TableAuditResult("lakehouse.order_payments", 3, 30, List.of("s3://w/f1.parquet (2 times)"),
        List.of("source_topic", "source_partition", "source_offset"), 10, List.of("[orders, 0, 0] x2"));
    new SavedAudit("2026-12-01T19:00:00Z", List.of(clean, broken, shortOfTheLedger)).write(auditFile);
    try {
      StackStatus.Audit audit = collect().audit();

      assertThat(audit.auditedAt()).isEqualTo("2026-12-01T19:00:00Z");
      assertThat(audit.tables()).extracting(StackStatus.TableAudit::table, StackStatus.TableAudit::clean)
          .containsExactly(tuple("lakehouse.orders_enriched", true), tuple("lakehouse.order_payments", false),
              tuple("lakehouse.late_events", false));
      assertThat(audit.tables().get(1).detail()).contains("1 data files registered more than once (s3://w/f1.parquet (2 times))")
          .contains("10 source_topic/source_partition/source_offset values in more than one row ([orders, 0, 0] x2, ...)");
      assertThat(audit.tables().get(2).detail())
          .isEqualTo("against the ledger: 5 of 6: 1 missing (orders-0 offsets 0..9: 5 rows, the ledger counts 6, ...)");
      assertThat(StatusPrinter.text(collect()))
          .contains("Audit (exactly-once checks of the last ./lakehouse audit, 2026-12-01T19:00:00Z)")
          .containsPattern("(?m)^  lakehouse\\.orders_enriched\\s+ok\\s+2 data files, 20 rows, every "
              + "source_topic/source_partition/source_offset once; against the ledger: 20 of 20$")
          .containsPattern("(?m)^  lakehouse\\.order_payments\\s+BROKEN\\s+1 data files");
    } finally {
      Files.delete(auditFile);
    }
  }

  @Test
  void everyStreamsInstanceIsReportedWhenThereAreSeveral() {
    String url = "http://127.0.0.1:" + http.getAddress().getPort();

    StackStatus status = collect(List.of(url, "http://127.0.0.1:1"));

    assertThat(status.streams().state()).isEqualTo("instance 1 RUNNING, instance 2 DOWN (no answer at http://127.0.0.1:1)");
  }

  @Test
  void aStageThatIsDownIsReportedNotFatal() {
    StatusTargets targets = new StatusTargets(kafka.bootstrapServers(), List.of("http://127.0.0.1:1"), "lakehouse-streams",
        List.of(), "http://127.0.0.1:1", "http://127.0.0.1:1", "http://127.0.0.1:1", LocalCatalog.properties(dir.resolve("catalog/iceberg.db"), s3.endpoint()),
        List.of(), "", countsFile, auditFile);

    StackStatus status = new StatusCollector(targets, clockAfterCommit()).collect();

    assertThat(status.streams().state()).isEqualTo("DOWN (no answer at http://127.0.0.1:1)");
    assertThat(status.urls()).isEqualTo(new StackStatus.Urls("http://127.0.0.1:1", false,
        "http://127.0.0.1:1/superset/dashboard/lakehouse/", false));
    assertThat(status.streams().late()).isEqualTo(2);
    assertThat(status.connect().error())
        .isEqualTo("cannot read the Connect worker at http://127.0.0.1:1: no answer (is it running? ./lakehouse ps shows what runs)");
  }
}
