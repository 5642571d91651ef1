package dev.lakehouse.e2e.aws;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.MaintenanceJobRun;
import dev.lakehouse.e2e.harness.OutputRecords;
import dev.lakehouse.e2e.harness.ProjectVenv;
import dev.lakehouse.e2e.harness.TableState;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.Values;
import dev.lakehouse.maintenance.lock.TableLease;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.schemas.registry.SchemaRegistries;
import dev.lakehouse.schemas.serde.AvroSerializer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadataParser;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
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
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The production path end to end on moto, in stages that share one set of services: the real
 * Iceberg sink (Connect worker JVM, applied by {@code connect-config apply --env aws}) lands the six
 * topics this test produces to in their Glue-cataloged tables (those only the Streams app writes, its
 * ledger and the reference versions, get their tables and stay empty); the maintenance job (its CLI, the shipped Glue config plus
 * endpoint settings) compacts and expires them through Glue while another run's lease keeps it off
 * one table; the sink keeps landing on the maintained tables; a reader lists the Glue database and
 * reads every row. moto does not arbitrate concurrent commits (it ignores Glue's VersionId), so the
 * job runs while the topics are quiet; maintenance beside a live sink is proven on the JDBC catalog.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class IcebergSinkOnGlueIT {
  private static final Path WORK = Path.of("target", "aws-sink-it").toAbsolutePath();
  private static final String CONNECTOR = "iceberg-glue";
  private static final int ROWS_PER_TOPIC_AND_BATCH = 20;
  private static final int LANDING_BATCHES = 3;
  /** Two days back, so every partition is sealed and compacted at once; rows alternate between two hours of it. */
  private static final Instant EVENT_DAY = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(2, ChronoUnit.DAYS);
  private static final OutputTable HELD_BY_ANOTHER_RUN = OutputTable.DEAD_LETTERS;
  private static final OutputTable LEFT_BY_A_CRASHED_RUN = OutputTable.LATE_EVENTS;
  /** Tables of topics only the Streams app writes (the ledger, the reference versions): empty here. */
  private static final Set<String> WRITTEN_BY_THE_STREAMS_APP_ONLY = Set.of(Topics.tableName(Topics.PIPELINE_LEDGER),
      Topics.tableName(Topics.CUSTOMERS_VERSIONS), Topics.tableName(Topics.MERCHANTS_VERSIONS));

  private static GlueSinkStack stack;
  private static IcebergTables tables;
  private static final Map<OutputTable, List<Map<String, Object>>> produced = new EnumMap<>(OutputTable.class);
  private static int batches;
  private static boolean landed;

  @BeforeAll
  static void startServices() throws Exception {
    ProjectVenv.requireModules("moto", "flask", "werkzeug");
    stack = GlueSinkStack.start(WORK.resolve("run-" + System.currentTimeMillis()));
    // the aws defaults (60 s interval, 30 s timeout) with test-sized commits
    stack.applyConnector(CONNECTOR, Map.of(
        "iceberg.control.commit.interval-ms", "1000",
        "iceberg.control.commit.timeout-ms", "10000"));
    tables = new IcebergTables(stack.readerCatalogProperties());
    for (OutputTable table : OutputTable.values()) {
      produced.put(table, new ArrayList<>());
    }
  }

  @AfterAll
  static void stopServices() throws Exception {
    if (tables != null) {
      tables.close();
    }
    if (stack != null) {
      stack.close();
    }
  }

  @Test
  @Order(1)
  void theSinkLandsEveryTopicInItsGlueCatalogedTable() {
    for (int i = 0; i < LANDING_BATCHES; i++) {
      landBatch();
    }
    for (OutputTable table : OutputTable.values()) {
      List<Map<String, Object>> rows = tables.rows(table);
      assertThat(rows).extracting(row -> contractFields(table, row::get)).as(table.tableName())
          .containsExactlyInAnyOrderElementsOf(produced.get(table));
      TableState state = TableState.of(tables.load(table), rows);
      assertThat(state.latestOffsetsSnapshotId()).as("%s: the sink's offsets in a snapshot summary", table).isNotNull();
      assertThat(stack.moto().glueMetadataLocation("lakehouse", table.tableName()))
          .as("%s: Glue points at the current metadata", table).isEqualTo(state.metadataLocation());
      assertThat(state.dataFiles()).as("%s: a file per partition and batch, for compaction", table)
          .isGreaterThanOrEqualTo(LANDING_BATCHES * state.filesPerPartition().size());
    }
    landed = true;
  }

  @Test
  @Order(2)
  void theMaintenanceJobCompactsAndExpiresThroughGlueSkipsAHeldTableAndCleansUpAfterACrashedRun() throws Exception {
    assumeTrue(landed, "Skipped: the landing stage failed");
    TableLease other = TableLease.tryAcquire(tables.load(HELD_BY_ANOTHER_RUN), "other-maintenance-run", "other-op",
        Duration.ofMinutes(15), Clock.systemUTC()).lease().orElseThrow();
    String leftover = crashedRunLeftover(LEFT_BY_A_CRASHED_RUN, "crashed-op");
    Map<OutputTable, TableState> before = new EnumMap<>(OutputTable.class);
    for (OutputTable table : OutputTable.values()) {
      before.put(table, TableState.read(tables, table));
    }

    MaintenanceJobRun.Result run = stack.maintainOnce(Map.of(
        "MAINTENANCE_EXPIRY_MAX_SNAPSHOT_AGE", "0s",
        "MAINTENANCE_EXPIRY_MIN_SNAPSHOTS", "1"));

    assertThat(run.exitCode()).as("maintenance-job run:\n%s", run.log()).isZero();
    String runId = run.report().path("runId").asText();
    for (OutputTable table : OutputTable.values()) {
      TableState was = before.get(table);
      TableState now = TableState.read(tables, table);
      if (table == HELD_BY_ANOTHER_RUN) {
        assertThat(run.table("lakehouse." + table.tableName()).path("status").asText()).isEqualTo("SKIPPED");
        assertThat(now).as("%s: untouched while another run holds it", table).isEqualTo(was);
        continue;
      }
      assertThat(now.rows()).as("%s: rows", table).isEqualTo(was.rows());
      assertThat(now.contentChecksum()).as("%s: content", table).isEqualTo(was.contentChecksum());
      assertThat(now.filesPerPartition()).as("%s: one file per partition", table)
          .containsOnlyKeys(was.filesPerPartition().keySet()).allSatisfy((partition, files) -> assertThat(files).isOne());
      assertThat(now.dataFiles()).isLessThan(was.dataFiles());
      Set<Long> survivors = new HashSet<>(was.snapshotIds());
      survivors.retainAll(now.snapshotIds());
      assertThat(survivors).as("%s: of the snapshots before the run only the sink's latest offsets one is left", table)
          .containsExactly(was.latestOffsetsSnapshotId());
      assertThat(now.latestOffsetsSnapshotId()).isEqualTo(was.latestOffsetsSnapshotId());
      assertThat(now.properties()).as("%s: lease released", table).doesNotContainKey(TableLease.OWNER);
      assertThat(stack.moto().glueMetadataLocation("lakehouse", table.tableName())).isEqualTo(now.metadataLocation());
      assertThat(leaseOwnersInGlueHistory(table)).as("%s: the job's lease was committed through Glue UpdateTable", table)
          .anyMatch(owner -> owner.startsWith(runId + "@"));
    }
    assertThat(run.table("lakehouse." + LEFT_BY_A_CRASHED_RUN.tableName()).path("leftoversDeleted"))
        .extracting(JsonNode::asText).containsExactly(leftover);
    assertThat(tables.load(LEFT_BY_A_CRASHED_RUN).io().newInputFile(leftover).exists())
        .as("the crashed run's uncommitted file is deleted from S3").isFalse();
    other.release();
    assertThat(tables.load(HELD_BY_ANOTHER_RUN).properties()).doesNotContainKey(TableLease.OWNER);
  }

  @Test
  @Order(3)
  void theSinkKeepsLandingOnTheMaintainedTablesAndAReaderOfTheGlueDatabaseReadsEveryRow() throws Exception {
    assumeTrue(landed, "Skipped: the landing stage failed");
    landBatch();

    Catalog reader = CatalogUtil.buildIcebergCatalog("athena-like-reader", stack.readerCatalogProperties(), null);
    try {
      List<TableIdentifier> listed = reader.listTables(Namespace.of("lakehouse"));
      assertThat(listed).extracting(TableIdentifier::name)
          .containsExactlyInAnyOrderElementsOf(GlueCatalogOnMotoTest.LAKEHOUSE_TABLES);
      for (TableIdentifier id : listed) {
        if (WRITTEN_BY_THE_STREAMS_APP_ONLY.contains(id.name())) {
          // this test produces to the other topics itself
          try (CloseableIterable<Record> rows = IcebergGenerics.read(reader.loadTable(id)).build()) {
            assertThat(rows).as("%s read by a plain Glue reader", id).isEmpty();
          }
          continue;
        }
        OutputTable table = outputTable(id.name());
        assertThat(rows(reader.loadTable(id), table)).as("%s read by a plain Glue reader", id)
            .containsExactlyInAnyOrderElementsOf(produced.get(table))
            .hasSize((LANDING_BATCHES + 1) * ROWS_PER_TOPIC_AND_BATCH);
      }
    } finally {
      if (reader instanceof AutoCloseable closeable) {
        closeable.close();
      }
    }
    // the audit as production runs it: the shipped Glue config, read-only (its calls are checked next)
    MaintenanceJobRun.Result audit = stack.maintenanceCommand("audit", "--settle", "0s");
    assertThat(audit.exitCode()).as("maintenance-job audit on Glue:\n%s", audit.log()).isZero();
    assertThat(audit.log()).contains("Audit passed: " + GlueCatalogOnMotoTest.LAKEHOUSE_TABLES.size() + " tables");
  }

  @Test
  @Order(4)
  void everyGlueAndS3CallOfTheSinkItsCliAndTheMaintenanceJobIsAllowedByTheirIamPolicies() throws Exception {
    assumeTrue(landed, "Skipped: the landing stage failed");
    List<AwsCall> calls = AwsCall.fromMotoRecording(stack.moto().recording());

    assertEveryCallAllowed("connect-worker.json", GlueSinkStack.CONNECT_ROLE_KEY, calls,
        "glue:CreateTable", "glue:UpdateTable", "s3:PutObject");
    assertEveryCallAllowed("maintenance-job.json", GlueSinkStack.MAINTENANCE_ROLE_KEY, calls,
        "glue:UpdateTable", "s3:ListObjects", "s3:DeleteObjects");
  }

  /**
   * Every permission the calls of one role needed is allowed by its policy, rendered for moto's
   * account and region and this run's bucket; {@code expected} proves the recording caught the role's
   * work (the policy cannot pass by having nothing to allow).
   */
  private static void assertEveryCallAllowed(String policyFile, String roleKey, List<AwsCall> calls, String... expected)
      throws IOException {
    IamPolicy policy = IamPolicy.rendered(policyFile, Map.of("account_id", AwsCall.ACCOUNT, "region", MotoServer.REGION,
        "warehouse_bucket", GlueSinkStack.BUCKET, "warehouse_prefix", "warehouse"));
    List<AwsCall> ofRole = calls.stream().filter(c -> c.accessKeyId().equals(roleKey)).toList();
    assertThat(ofRole).extracting(AwsCall::operation).as("operations recorded for %s", roleKey).contains(expected);
    Set<String> denied = new java.util.TreeSet<>();
    for (AwsCall call : ofRole) {
      call.needs().stream().filter(p -> !policy.allows(p.action(), p.resource(), p.context()))
          .forEach(p -> denied.add(call.operation() + " needs " + p));
    }
    assertThat(denied).as("calls of %s that deploy/iam/%s would deny", roleKey, policyFile).isEmpty();
  }

  /** Produces one batch to every topic and waits until the sink has committed all of it. */
  private static void landBatch() {
    Properties props = new Properties();
    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.bootstrapServers());
    props.put(ProducerConfig.ACKS_CONFIG, "all");
    AvroSerializer values = new AvroSerializer(SchemaRegistries.fromConfig(Map.of(SchemaRegistries.URL_CONFIG, "file:")));
    try (KafkaProducer<String, GenericRecord> producer = new KafkaProducer<>(props, new StringSerializer(), values)) {
      for (OutputTable table : OutputTable.values()) {
        for (int i = 0; i < ROWS_PER_TOPIC_AND_BATCH; i++) {
          int row = batches * ROWS_PER_TOPIC_AND_BATCH + i;
          GenericRecord record = OutputRecords.record(table, row, EVENT_DAY.plus(i % 2, ChronoUnit.HOURS).plusSeconds(row));
          producer.send(new ProducerRecord<>(table.topic(), "key-" + row, record));
          produced.get(table).add(OutputRecords.normalized(record));
        }
      }
      producer.flush();
    }
    batches++;
    await("batch " + batches + " committed to every Glue table").atMost(Duration.ofSeconds(90))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> produced.keySet().stream().allMatch(t -> tables.rowCount(t) >= produced.get(t).size()));
  }

  private static List<Map<String, Object>> rows(Table table, OutputTable outputTable) throws IOException {
    List<Map<String, Object>> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      records.forEach(record -> rows.add(contractFields(outputTable, record::getField)));
    }
    return rows;
  }

  /** A row restricted to the topic's contract fields (the sink adds Kafka metadata columns). */
  private static Map<String, Object> contractFields(OutputTable table, Function<String, Object> column) {
    Map<String, Object> contract = new LinkedHashMap<>();
    for (Schema.Field field : Topics.valueSchema(table.topic()).getFields()) {
      contract.put(field.name(), Values.normalize(column.apply(field.name())));
    }
    return contract;
  }

  private static OutputTable outputTable(String tableName) {
    for (OutputTable table : OutputTable.values()) {
      if (table.tableName().equals(tableName)) {
        return table;
      }
    }
    throw new AssertionError("Cannot match Glue table " + tableName + " to an output topic");
  }

  /**
   * What a maintenance run killed mid-rewrite leaves: its lease, expired and never released, and an
   * uncommitted data file carrying its operation id in the name. Returns the file's location.
   */
  private static String crashedRunLeftover(OutputTable outputTable, String operationId) throws IOException {
    Table table = tables.load(outputTable);
    TableLease.tryAcquire(table, "crashed-maintenance-run", operationId, Duration.ofMillis(1), Clock.systemUTC())
        .lease().orElseThrow();
    String location = table.locationProvider().newDataLocation("00000-0-" + operationId + "-00001.parquet");
    try (var out = table.io().newOutputFile(location).create()) {
      out.write("never committed".getBytes(StandardCharsets.UTF_8));
    }
    return location;
  }

  /** The lease owner recorded in each metadata file Glue has pointed this table at (moto keeps every version). */
  private static Set<String> leaseOwnersInGlueHistory(OutputTable table) {
    Table loaded = tables.load(table);
    return stack.moto().glueMetadataHistory("lakehouse", table.tableName()).stream()
        .map(location -> TableMetadataParser.read(loaded.io(), location).properties().get(TableLease.OWNER))
        .filter(owner -> owner != null)
        .collect(Collectors.toSet());
  }
}
