package dev.lakehouse.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.InternalRecordWrapper;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Proves the trimmed iceberg-runtime classpath and {@link LocalCatalog}: JDBC catalog on SQLite,
 * S3FileIO on s3proxy, Parquet.
 */
class IcebergOnEmbeddedS3Test {
  private static final Schema SCHEMA =
      new Schema(
          Types.NestedField.required(1, "id", Types.StringType.get()),
          Types.NestedField.required(2, "amount", Types.DecimalType.of(18, 2)),
          Types.NestedField.required(3, "event_time", Types.TimestampType.withZone()));

  @Test
  void writesParquetThroughAJdbcCatalogAndReadsItBack(@TempDir Path dir) throws Exception {
    try (EmbeddedS3 s3 = EmbeddedS3.start(new WarehouseLayout(dir).s3Dir(), 0)) {
      Path catalogFile = new WarehouseLayout(dir).catalogFile();
      LocalCatalog.initialize(catalogFile, s3.endpoint());
      Catalog catalog = LocalCatalog.open(catalogFile, s3.endpoint());
      assertThat(((SupportsNamespaces) catalog).namespaceExists(LocalCatalog.NAMESPACE)).isTrue();
      Table table =
          catalog.createTable(
              TableIdentifier.of("lakehouse", "smoke"),
              SCHEMA,
              PartitionSpec.builderFor(SCHEMA).hour("event_time").build());

      OffsetDateTime time = OffsetDateTime.of(2026, 11, 29, 8, 15, 0, 0, ZoneOffset.UTC);
      GenericRecord record = GenericRecord.create(SCHEMA);
      List<Record> rows =
          List.of(
              record.copy(Map.of("id", "a", "amount", new BigDecimal("12.34"), "event_time", time)),
              record.copy(Map.of("id", "b", "amount", new BigDecimal("-0.01"), "event_time", time)));
      PartitionKey partition = new PartitionKey(table.spec(), table.schema());
      // partition transforms see Iceberg's internal representation (timestamps as micros)
      partition.partition(new InternalRecordWrapper(SCHEMA.asStruct()).wrap(rows.get(0)));
      OutputFile out =
          table.io().newOutputFile(
              table.locationProvider().newDataLocation(table.spec(), partition, UUID.randomUUID() + ".parquet"));
      DataWriter<Record> writer =
          new GenericFileWriterFactory.Builder(table).dataFileFormat(FileFormat.PARQUET).build()
              .newDataWriter(EncryptedFiles.plainAsEncryptedOutput(out), table.spec(), partition);
      try (writer) {
        rows.forEach(writer::write);
      }
      DataFile file = writer.toDataFile();
      table.newAppend().appendFile(file).commit();

      Table reloaded = catalog.loadTable(TableIdentifier.of("lakehouse", "smoke"));
      assertThat(reloaded.location()).startsWith("s3://lakehouse/warehouse/");
      try (CloseableIterable<Record> read = IcebergGenerics.read(reloaded).build()) {
        assertThat(read).extracting(r -> r.getField("id") + "=" + r.getField("amount"))
            .containsExactlyInAnyOrder("a=12.34", "b=-0.01");
      }
    }
  }
}
