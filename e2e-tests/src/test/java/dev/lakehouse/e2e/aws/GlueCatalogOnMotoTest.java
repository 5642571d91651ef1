package dev.lakehouse.e2e.aws;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.connect.config.TemplateValues;
import dev.lakehouse.connect.tables.Catalogs;
import dev.lakehouse.connect.tables.TableDefinitions;
import dev.lakehouse.connect.tables.TablePreparer;
import dev.lakehouse.e2e.harness.ProjectVenv;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.Table;
import org.apache.iceberg.aws.glue.GlueCatalog;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.InternalRecordWrapper;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.glue.GlueClient;
import software.amazon.awssdk.services.glue.model.GetTablesRequest;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The production path (GlueCatalog + S3FileIO) against moto in server mode: the bundled {@code aws}
 * connector config, with only endpoints and dummy credentials added, opens a Glue catalog; the
 * connect-config table preparation creates the lakehouse tables from the Avro contracts in the
 * Glue database {@code lakehouse}; Parquet rows appended through it are listed in Glue and S3 by
 * plain AWS clients and read back by a second, independent catalog. moto ignores Glue's VersionId
 * check, so concurrent-commit safety is NOT proven here (docs/operations.md).
 */
class GlueCatalogOnMotoTest {
  private static final String BUCKET = "lakehouse";
  private static final String WAREHOUSE = MotoConnectorConfig.WAREHOUSE;
  // the table contracts (README, "Topics and tables"), written here rather than read from the config under test
  static final Set<String> LAKEHOUSE_TABLES = Set.of("orders_enriched", "revenue_by_merchant_1m",
      "payments_by_outcome_1m", "late_events", "order_payments", "dead_letters", "pipeline_ledger", "customers_versions",
      "merchants_versions");

  private static MotoServer moto;

  @BeforeAll
  static void startMoto() throws Exception {
    ProjectVenv.requireModules("moto", "flask", "werkzeug");
    moto = MotoServer.start(Path.of("target", "moto"));
    moto.createBucket(BUCKET);
  }

  @AfterAll
  static void stopMoto() {
    if (moto != null) {
      moto.close();
    }
  }

  @Test
  void theAwsConnectorConfigCreatesEveryLakehouseTableInTheGlueDatabase() {
    Map<String, String> config = awsConnectorConfigOnMoto();

    List<TablePreparer.Outcome> outcomes;
    try (CloseableCatalog catalog = new CloseableCatalog(Catalogs.open(config))) {
      assertThat(catalog.get()).isInstanceOf(GlueCatalog.class);
      outcomes = new TablePreparer(catalog.get()).prepare(TableDefinitions.fromConfig(config));
    }

    assertThat(outcomes).extracting(o -> o.table().identifier().name())
        .containsExactlyInAnyOrderElementsOf(LAKEHOUSE_TABLES);
    try (GlueClient glue = moto.glueClient()) {
      var tables = glue.getTablesPaginator(GetTablesRequest.builder().databaseName("lakehouse").build())
          .stream().flatMap(page -> page.tableList().stream()).toList();
      assertThat(tables).extracting(t -> t.name()).containsExactlyInAnyOrderElementsOf(LAKEHOUSE_TABLES);
      assertThat(tables).allSatisfy(table -> {
        assertThat(table.parameters()).containsEntry("table_type", "ICEBERG");
        assertThat(table.parameters().get("metadata_location"))
            .startsWith(WAREHOUSE + "/lakehouse.db/" + table.name() + "/metadata/");
      });
    }
  }

  @Test
  void rowsAppendedThroughGlueAreListedInS3AndReadBackByAnotherCatalog() throws IOException {
    Map<String, String> config = awsConnectorConfigOnMoto();
    TableIdentifier ordersEnriched = TableIdentifier.of("lakehouse", "orders_enriched");
    OffsetDateTime firstHour = OffsetDateTime.of(2026, 11, 29, 8, 0, 0, 0, ZoneOffset.UTC);
    Map<String, BigDecimal> expected = new TreeMap<>();
    List<DataFile> files = new ArrayList<>();
    String metadataBefore;

    try (CloseableCatalog writer = new CloseableCatalog(Catalogs.open(config))) {
      new TablePreparer(writer.get()).prepare(TableDefinitions.fromConfig(config));
      Table table = writer.get().loadTable(ordersEnriched);
      metadataBefore = moto.glueMetadataLocation("lakehouse", "orders_enriched");
      for (int hour = 0; hour < 2; hour++) {
        List<Record> rows = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
          String orderId = "o-" + hour + "-" + i;
          BigDecimal amount = new BigDecimal(100 * hour + i).add(new BigDecimal("0.25"));
          expected.put(orderId, amount);
          rows.add(row(table, orderId, amount, firstHour.plusHours(hour).plusMinutes(i)));
        }
        files.add(writeParquet(table, rows));
      }
      var append = table.newAppend();
      files.forEach(append::appendFile);
      append.commit();
    }

    String metadataAfter = moto.glueMetadataLocation("lakehouse", "orders_enriched");
    assertThat(metadataAfter).as("Glue's metadata pointer moved with the commit").isNotEqualTo(metadataBefore);
    try (S3Client s3 = moto.s3Client()) {
      List<String> dataFiles = s3.listObjectsV2Paginator(b -> b.bucket(BUCKET)
              .prefix("warehouse/lakehouse.db/orders_enriched/data/")).contents().stream()
          .map(S3Object::key).filter(key -> key.endsWith(".parquet")).toList();
      assertThat(dataFiles).hasSize(2).allMatch(key -> key.contains("event_time_hour="));
    }
    try (CloseableCatalog reader = new CloseableCatalog(Catalogs.open(awsConnectorConfigOnMoto()));
        CloseableIterable<Record> rows = IcebergGenerics.read(reader.get().loadTable(ordersEnriched)).build()) {
      Map<String, BigDecimal> read = new TreeMap<>();
      rows.forEach(r -> read.put((String) r.getField("order_id"), (BigDecimal) r.getField("amount")));
      assertThat(read).isEqualTo(expected);
    }
  }

  /**
   * Pins the gap docs/operations.md (section 9) describes: real Glue rejects an UpdateTable whose
   * VersionId is stale (ConcurrentModificationException), moto accepts it. Should moto start to
   * check it, this fails, and the concurrency tests could move from the JDBC catalog to moto.
   */
  @Test
  void motoAcceptsAnUpdateTableWithAStaleVersionIdSoConcurrentCommitsAreNotProvenOnIt() {
    try (GlueClient glue = moto.glueClient()) {
      glue.createDatabase(b -> b.databaseInput(d -> d.name("moto_probe")));
      glue.createTable(b -> b.databaseName("moto_probe").tableInput(t -> t.name("t").parameters(Map.of("pointer", "v0"))));
      String stale = glue.getTable(b -> b.databaseName("moto_probe").name("t")).table().versionId();

      glue.updateTable(b -> b.databaseName("moto_probe").versionId(stale)
          .tableInput(t -> t.name("t").parameters(Map.of("pointer", "first writer"))));
      glue.updateTable(b -> b.databaseName("moto_probe").versionId(stale)
          .tableInput(t -> t.name("t").parameters(Map.of("pointer", "second writer, same base"))));

      assertThat(glue.getTable(b -> b.databaseName("moto_probe").name("t")).table().parameters())
          .containsEntry("pointer", "second writer, same base");
    }
  }

  /** The aws config on moto; this JVM's catalogs take moto's dummy credentials from a provider class. */
  private static Map<String, String> awsConnectorConfigOnMoto() {
    Map<String, String> config = MotoConnectorConfig.render(moto, "iceberg",
        Map.of(TemplateValues.BOOTSTRAP_SERVERS, "kafka-not-used-here:9092"));
    config.put("iceberg.catalog.client.credentials-provider", MotoCredentials.class.getName());
    return config;
  }

  /** A row of the table with the given values; every other required column gets a plain value of its type. */
  private static Record row(Table table, String orderId, BigDecimal amount, OffsetDateTime eventTime) {
    GenericRecord row = GenericRecord.create(table.schema());
    for (Types.NestedField field : table.schema().columns()) {
      if (field.isRequired()) {
        row.setField(field.name(), filler(field.type(), eventTime));
      }
    }
    row.setField("order_id", orderId);
    row.setField("amount", amount);
    row.setField("event_time", eventTime);
    return row;
  }

  private static Object filler(Type type, OffsetDateTime time) {
    return switch (type.typeId()) {
      case STRING -> "x";
      case INTEGER -> 0;
      case LONG -> 0L;
      case TIMESTAMP -> time;
      case DECIMAL -> BigDecimal.ZERO.setScale(((Types.DecimalType) type).scale());
      default -> throw new IllegalArgumentException("Cannot fill a required column of type " + type);
    };
  }

  /** One Parquet file of rows that share a partition, written through the table's S3FileIO. */
  private static DataFile writeParquet(Table table, List<Record> rows) throws IOException {
    PartitionKey partition = new PartitionKey(table.spec(), table.schema());
    // partition transforms see Iceberg's internal representation (timestamps as micros)
    partition.partition(new InternalRecordWrapper(table.schema().asStruct()).wrap(rows.get(0)));
    var out = table.io().newOutputFile(table.locationProvider()
        .newDataLocation(table.spec(), partition, java.util.UUID.randomUUID() + ".parquet"));
    DataWriter<Record> writer = new GenericFileWriterFactory.Builder(table).dataFileFormat(FileFormat.PARQUET).build()
        .newDataWriter(EncryptedFiles.plainAsEncryptedOutput(out), table.spec(), partition);
    try (writer) {
      rows.forEach(writer::write);
    }
    return writer.toDataFile();
  }

  /** Catalogs holding AWS clients are Closeable; this lets try-with-resources close any of them. */
  private record CloseableCatalog(Catalog get) implements AutoCloseable {
    @Override
    public void close() {
      if (get instanceof AutoCloseable closeable) {
        try {
          closeable.close();
        } catch (Exception e) {
          throw new IllegalStateException("Cannot close catalog " + get.name() + ": " + e.getMessage(), e);
        }
      }
    }
  }
}
