package dev.lakehouse.local.status;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.inmemory.InMemoryCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class IcebergStatsTest {
  private static final Namespace NAMESPACE = Namespace.of("lakehouse");
  private static final Schema SCHEMA = new Schema(Types.NestedField.required(1, "id", Types.StringType.get()));

  private final InMemoryCatalog catalog = new InMemoryCatalog();

  @BeforeEach
  void createNamespace() {
    catalog.initialize("test", Map.of());
    catalog.createNamespace(NAMESPACE);
  }

  @AfterEach
  void closeCatalog() throws IOException {
    catalog.close();
  }

  private Table table(String name) {
    return catalog.createTable(TableIdentifier.of(NAMESPACE, name), SCHEMA, PartitionSpec.unpartitioned());
  }

  /** One commit of a data file with {@code records} rows; the table's snapshot after it. */
  private static Snapshot append(Table table, long records) {
    DataFile file = DataFiles.builder(PartitionSpec.unpartitioned())
        .withPath(table.location() + "/data/" + records + "-" + System.nanoTime() + ".parquet")
        .withFormat("PARQUET")
        .withFileSizeInBytes(1024)
        .withRecordCount(records)
        .build();
    table.newAppend().appendFile(file).commit();
    return table.currentSnapshot();
  }

  @Test
  void reportsTheLastCommitItsAgeAndTheRowsOfAllCommitsInTheOrderAsked() {
    Table orders = table("orders");
    append(orders, 3);
    Snapshot last = append(orders, 4);
    table("payments");
    Instant committedAt = Instant.ofEpochMilli(last.timestampMillis());

    List<StackStatus.Table> tables =
        IcebergStats.read(catalog, NAMESPACE, List.of("refunds", "orders", "payments"), committedAt.plusSeconds(90));

    assertThat(tables).containsExactly(
        new StackStatus.Table("refunds", false, null, null, null, null),
        new StackStatus.Table("orders", true, last.snapshotId(), committedAt.toString(), 90L, 3L + 4),
        new StackStatus.Table("payments", true, null, null, null, null));
  }

  @Test
  void aCommitStampedAfterNowIsNotGivenANegativeAge() {
    Snapshot snapshot = append(table("orders"), 1);
    Instant now = Instant.ofEpochMilli(snapshot.timestampMillis()).minusSeconds(5);

    assertThat(IcebergStats.read(catalog, NAMESPACE, List.of("orders"), now))
        .extracting(StackStatus.Table::ageSeconds)
        .containsExactly(0L);
  }
}
