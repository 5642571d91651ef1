package dev.lakehouse.local.stack;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.local.stack.components.Components;
import dev.lakehouse.local.stack.components.ServicesComponent;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.local.stack.process.PidFiles;
import dev.lakehouse.local.stack.process.PortCheck;
import dev.lakehouse.local.status.KafkaStats;
import dev.lakehouse.local.status.RecordCounts;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.FreePorts;
import dev.lakehouse.testkit.LocalCatalog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** up, down, up of the real services JVM (spawned with this test's classpath) keeps topics, records and tables. */
class ServicesRestartTest {
  private static final TableIdentifier TABLE = TableIdentifier.of("lakehouse", "restart_check");

  @TempDir Path repo;
  private LocalStack stack;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  private LocalStack stack() throws Exception {
    // every port setting, the unused ones too: the stack refuses a port that any other one takes
    StackConfig config = StackConfig.of(repo, Map.of(
        Setting.KAFKA_PORT, Integer.toString(FreePorts.pickWithNext()),
        Setting.S3_PORT, Integer.toString(FreePorts.pick()),
        Setting.CONNECT_PORT, Integer.toString(FreePorts.pick()),
        Setting.STREAMS_PORT, Integer.toString(FreePorts.pick()),
        Setting.TRINO_PORT, Integer.toString(FreePorts.pick()),
        Setting.DASHBOARD_PORT, Integer.toString(FreePorts.pick()),
        Setting.TOPIC_PARTITIONS, "2",
        Setting.SERVICES_HEAP, "512m"));
    return new LocalStack(config, Components.servicesOnly(System.getProperty("java.class.path")),
        new PrintStream(out, true));
  }

  @AfterEach
  void stopEverything() {
    if (stack != null) {
      stack.down();
    }
  }

  @Test
  void restartKeepsRecordsAndTables() throws Exception {
    stack = stack();
    StackHandle first = stack.up();
    StackConfig config = first.config();
    ProcessHandle services = PidFiles.find(config.layout(), ServicesComponent.NAME).orElseThrow();
    assertThat(session(services.pid())).as("own session, so the launcher's Ctrl-C does not reach it")
        .isNotEqualTo(session(ProcessHandle.current().pid()));
    assertThat(out.toString()).containsPattern("\\[1/1\\] Kafka broker, S3 server, catalog and topics \\.*"
        + " ready in \\d+\\.\\d s \\(kafka 127\\.0\\.0\\.1:" + config.kafkaPort() + ", s3 http://127\\.0\\.0\\.1:"
        + config.s3Port() + "\\)");

    produce(first.bootstrapServers(), Topics.ORDERS, 3);
    long snapshotId = appendToTable(first.catalogProperties(), 11);
    assertThat(stack.down()).containsExactly(ServicesComponent.NAME);
    assertThat(services.isAlive()).isFalse();
    assertThat(out.toString()).as("a clean stop on SIGTERM").contains("Stopped Kafka broker, S3 server, catalog and topics in")
        .doesNotContain("killed");
    assertThat(PortCheck.isFree(config.kafkaPort())).isTrue();
    assertThat(stack.down()).as("down is idempotent").isEmpty();

    StackHandle second = stack.up();
    try (KafkaStats kafka = new KafkaStats(second.bootstrapServers())) {
      Map<String, Long> records = kafka.committedRecords(Topics.ALL, RecordCounts.load(config.layout().recordCountsFile()));
      assertThat(records).containsEntry(Topics.ORDERS, 3L).containsEntry(Topics.PAYMENTS, 0L).hasSize(Topics.ALL.size());
    }
    Catalog catalog = LocalCatalog.open(config.layout().catalogFile(), second.s3Endpoint());
    Table table = catalog.loadTable(TABLE);
    assertThat(table.currentSnapshot().snapshotId()).isEqualTo(snapshotId);
    assertThat(table.currentSnapshot().summary()).containsEntry("total-records", "11");
    assertThat(Files.readString(config.layout().logFile(ServicesComponent.NAME))).contains("Services ready");
  }

  private static void produce(String bootstrap, String topic, int count) throws Exception {
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
        ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
        ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class))) {
      for (int i = 0; i < count; i++) {
        producer.send(new ProducerRecord<>(topic, "k" + i, "v" + i)).get();
      }
    }
  }

  private static long appendToTable(Map<String, String> catalogProperties, long records) {
    Catalog catalog = org.apache.iceberg.CatalogUtil.buildIcebergCatalog("lakehouse", catalogProperties, null);
    Table table = catalog.createTable(TABLE, new Schema(Types.NestedField.required(1, "id", Types.StringType.get())),
        PartitionSpec.unpartitioned());
    table.newAppend().appendFile(DataFiles.builder(PartitionSpec.unpartitioned())
        .withPath(table.location() + "/data/a.parquet").withFormat("PARQUET")
        .withFileSizeInBytes(100).withRecordCount(records).build()).commit();
    return table.currentSnapshot().snapshotId();
  }

  /** Field 6 of /proc/<pid>/stat (after the parenthesised command name) is the session id. */
  private static String session(long pid) throws Exception {
    String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
    List<String> fields = List.of(stat.substring(stat.lastIndexOf(')') + 2).split(" "));
    return fields.get(3);
  }
}
