package dev.lakehouse.local.stack.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.connect.tables.TableSchemas;
import dev.lakehouse.local.stack.InvalidInputException;
import dev.lakehouse.local.stack.StackException;
import dev.lakehouse.local.stack.config.MaintenanceConfigFile;
import dev.lakehouse.local.stack.config.Replay;
import dev.lakehouse.local.stack.config.Replays;
import dev.lakehouse.local.stack.config.Setting;
import dev.lakehouse.local.stack.config.StackConfig;
import dev.lakehouse.maintenance.audit.SavedAudit;
import dev.lakehouse.maintenance.audit.TableAuditResult;
import dev.lakehouse.maintenance.config.ConfigLoader;
import dev.lakehouse.maintenance.erasure.CustomerIds;
import dev.lakehouse.maintenance.erasure.ErasureRegister;
import dev.lakehouse.maintenance.lock.TableLease;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.EmbeddedS3;
import dev.lakehouse.testkit.FreePorts;
import dev.lakehouse.testkit.LocalCatalog;
import dev.lakehouse.testkit.RepoDir;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.SupportsNamespaces;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericFileWriterFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lakehouse replay switch} on a real S3 server and catalog: the replay re-read a customer
 * erased from the live tables, and one of its orders has another amount. The switch applies the
 * recorded erasure to the replay, shows the comparison and refuses the difference; with
 * {@code --accept-differences} it switches and records the reason; a replay whose erased rows cannot
 * be removed (another run holds the table) is refused whatever the flag says.
 */
class ReplaySwitchTest {
  private static final String ERASED = "cus-erased-9";
  private static final Schema ORDERS = TableSchemas.fromAvro(Topics.valueSchema(Topics.ORDERS_ENRICHED));

  @TempDir java.nio.file.Path dataDir;
  private StackConfig config;
  private EmbeddedS3 s3;
  private Catalog catalog;
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

  @BeforeEach
  void startStore() throws Exception {
    Map<Setting, String> overrides = new EnumMap<>(Setting.class);
    overrides.put(Setting.DATA_DIR, dataDir.toString());
    overrides.put(Setting.S3_PORT, Integer.toString(FreePorts.pick()));
    config = StackConfig.of(RepoDir.get(), overrides);
    s3 = EmbeddedS3.start(config.layout().s3Dir(), config.s3Port());
    LocalCatalog.initialize(config.layout().catalogFile(), config.s3Endpoint());
    catalog = LocalCatalog.open(config.layout().catalogFile(), config.s3Endpoint());
    Replays.record(config.layout(), new Replay("2"));
    List<TableAuditResult> clean = Topics.OUTPUTS.stream().map(topic -> new TableAuditResult(
        "lakehouse_replay_2." + Topics.tableName(topic), 1, 10, List.of(), List.of("source_offset"), 0, List.of())).toList();
    new SavedAudit(Instant.now().toString(), clean).write(config.layout().lastAuditFile());
  }

  @AfterEach
  void stopStore() throws Exception {
    ((AutoCloseable) catalog).close();
    s3.close();
  }

  /** Live: orders 0..9 of cus-1 and cus-2, the erased customer's gone. The replay: the same, 3 of the erased customer's, order 4 at 99.00. */
  private Table landOrdersWithTheErasedCustomerBackInTheReplay() throws Exception {
    List<Record> live = new ArrayList<>();
    List<Record> replayed = new ArrayList<>();
    for (int offset = 0; offset < 10; offset++) {
      live.add(order(offset, "cus-" + (1 + offset % 2), "10.00"));
      replayed.add(order(offset, "cus-" + (1 + offset % 2), offset == 4 ? "99.00" : "10.00"));
    }
    for (int offset = 10; offset < 13; offset++) {
      replayed.add(order(offset, ERASED, "10.00"));
    }
    write("lakehouse", live);
    Table replay = write("lakehouse_replay_2", replayed);
    try (ErasureRegister register = ErasureRegister.open(ConfigLoader.load(MaintenanceConfigFile.write(config), Map.of()))) {
      register.record(CustomerIds.of(List.of(ERASED)), Instant.now().minusSeconds(60));
    }
    return replay;
  }

  private String switchTo(String acceptedDifferences) throws Exception {
    return ReplaySwitch.decide(config, "2", acceptedDifferences, Duration.ZERO, Duration.ofMinutes(32),
        new PrintStream(printed, true, StandardCharsets.UTF_8)).namespace();
  }

  @Test
  void theErasureIsAppliedAgainThenADifferenceIsRefusedUnlessItsReasonIsGiven() throws Exception {
    Table replay = landOrdersWithTheErasedCustomerBackInTheReplay();

    assertThatThrownBy(() -> switchTo(null)).isInstanceOf(StackException.class)
        .hasMessageStartingWith("Cannot switch dbt to lakehouse_replay_2: its results differ from the live tables'"
            + " (above). If the new logic is meant to change them, switch with --accept-differences \"<why>\"");
    assertThat(customers(replay)).as("customers in the replay after the refused switch").doesNotContain(ERASED).hasSize(10);
    assertThat(printed.toString(StandardCharsets.UTF_8))
        .contains("Recorded erasures applied again to lakehouse_replay_2:")
        .containsPattern("lakehouse_replay_2.orders_enriched +ERASED +3 ")
        .contains("Replay lakehouse_replay_2 against lakehouse: DIFFERENT in 1 of 1 tables")
        .contains("orders_enriched e-4: differs (live | replay): amount 10.00 | 99.00")
        .doesNotContain(ERASED);
    assertThat(ReplaySwitches.read(config.layout())).isEmpty();

    assertThat(switchTo("order amounts now include the discount (issue 12)")).isEqualTo("lakehouse_replay_2");

    assertThat(ReplaySwitches.read(config.layout())).singleElement().satisfies(entry -> {
      assertThat(entry.namespace()).isEqualTo("lakehouse_replay_2");
      assertThat(entry.differingTables()).containsExactly("orders_enriched");
      assertThat(entry.acceptedDifferences()).isEqualTo("order amounts now include the discount (issue 12)");
    });
  }

  @Test
  void aReplayStillHoldingAnErasedCustomerIsRefusedWhateverTheFlagSays() throws Exception {
    Table replay = landOrdersWithTheErasedCustomerBackInTheReplay();
    TableLease lease = TableLease.acquire(replay, "another-run", UUID.randomUUID().toString(), Duration.ofMinutes(5),
        Duration.ZERO, Clock.systemUTC(), () -> false).lease().orElseThrow();
    try {
      assertThatThrownBy(() -> switchTo("a reason")).isInstanceOf(StackException.class)
          .hasMessage("Cannot switch dbt to lakehouse_replay_2: it still holds rows of erased customers"
              + " (lakehouse_replay_2.orders_enriched: 3 rows); the erasure report above says why they could not be"
              + " removed; run ./lakehouse replay switch 2 again once that is resolved");
    } finally {
      lease.release();
    }
    assertThat(printed.toString(StandardCharsets.UTF_8)).contains("SKIPPED");
    assertThat(ReplaySwitches.read(config.layout())).isEmpty();
  }

  @Test
  void aReasonMustSaySomethingAndBelongsToASwitchToAReplay() {
    assertThatThrownBy(() -> switchTo(" ")).isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("Cannot accept differences without a reason: give one");
    assertThatThrownBy(() -> ReplaySwitch.decide(config, "live", "why", Duration.ZERO, Duration.ZERO, System.out))
        .isInstanceOf(InvalidInputException.class).hasMessageContaining("belongs to a switch to a replay");
  }

  private static Record order(long offset, String customer, String amount) {
    OffsetDateTime time = OffsetDateTime.ofInstant(Instant.parse("2026-12-01T10:00:00Z").plusSeconds(offset), ZoneOffset.UTC);
    Record row = GenericRecord.create(ORDERS);
    row.setField("event_id", "e-" + offset);
    row.setField("order_id", "o-" + offset);
    row.setField("customer_id", customer);
    row.setField("merchant_id", "m-1");
    row.setField("status", "PLACED");
    row.setField("amount", new BigDecimal(amount));
    row.setField("currency", "EUR");
    row.setField("event_time", time);
    row.setField("source_topic", Topics.ORDERS);
    row.setField("source_partition", 0);
    row.setField("source_offset", offset);
    row.setField("processing_time", OffsetDateTime.now(ZoneOffset.UTC));
    return row;
  }

  /** The rows in one Parquet file of a new table {@code <namespace>.orders_enriched}. */
  private Table write(String namespace, List<Record> rows) throws IOException {
    SupportsNamespaces namespaces = (SupportsNamespaces) catalog;
    if (!namespaces.namespaceExists(Namespace.of(namespace))) {
      namespaces.createNamespace(Namespace.of(namespace));
    }
    Table table = catalog.createTable(TableIdentifier.of(namespace, "orders_enriched"), ORDERS,
        PartitionSpec.unpartitioned(), Map.of("format-version", "2"));
    DataWriter<Record> writer = new GenericFileWriterFactory.Builder(table).dataFileFormat(FileFormat.PARQUET).build()
        .newDataWriter(EncryptedFiles.plainAsEncryptedOutput(table.io().newOutputFile(
            table.locationProvider().newDataLocation("rows-" + UUID.randomUUID() + ".parquet"))), table.spec(), null);
    try (writer) {
      rows.forEach(writer::write);
    }
    table.newAppend().appendFile(writer.toDataFile()).commit();
    return table;
  }

  private static List<String> customers(Table table) throws IOException {
    table.refresh();
    List<String> customers = new ArrayList<>();
    try (CloseableIterable<Record> rows = IcebergGenerics.read(table).build()) {
      rows.forEach(row -> customers.add((String) row.getField("customer_id")));
    }
    return customers;
  }
}
