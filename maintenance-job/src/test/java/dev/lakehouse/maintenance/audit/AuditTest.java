package dev.lakehouse.maintenance.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.maintenance.support.JobCli;
import dev.lakehouse.maintenance.support.JobCli.Result;
import dev.lakehouse.maintenance.support.LedgerTables;
import dev.lakehouse.maintenance.support.PersonalTables;
import dev.lakehouse.maintenance.support.TestConfig;
import dev.lakehouse.maintenance.support.TestWarehouse;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Planted exactly-once breaks, each found and named; a clean table passes. */
class AuditTest {
  private static final Instant HOUR = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(2, ChronoUnit.HOURS);

  @RegisterExtension static final TestWarehouse warehouse = TestWarehouse.perTestClass();

  @Test
  void aCleanTablePasses() throws Exception {
    Table table = PersonalTables.create(warehouse.catalog(), "clean", "orders_enriched", LedgerTables.WITH_LINEAGE);
    TestWarehouse.appendRows(table, rows(0, 10));
    TestWarehouse.appendRows(table, rows(10, 10));

    TableAuditResult result = TableAudit.audit("clean.orders_enriched", table, ResultKeys.of("orders_enriched"));

    assertThat(result).isEqualTo(new TableAuditResult("clean.orders_enriched", 2, 20, List.of(),
        List.of("source_topic", "source_partition", "source_offset"), 0, List.of()));
    Result cli = cli("audit", "--tables", "clean.*");
    assertThat(cli.exitCode()).as(cli.out() + cli.err()).isEqualTo(ExitCode.OK.code());
    assertThat(cli.out()).contains("Audit passed");
  }

  @Test
  void aDataFileRegisteredTwiceIsNamedWithTheRowsItDoubles() throws Exception {
    Table table = PersonalTables.create(warehouse.catalog(), "twice", "orders_enriched", LedgerTables.WITH_LINEAGE);
    DataFile file = TestWarehouse.appendRows(table, rows(0, 10));
    TestWarehouse.appendRows(table, rows(10, 10));
    // the sink's known failure: a file committed again (here straight through the Iceberg API)
    TestWarehouse.append(table, List.of(file), Map.of());

    TableAuditResult result = TableAudit.audit("twice.orders_enriched", table, ResultKeys.of("orders_enriched"));

    assertThat(result.duplicateFiles()).containsExactly(file.location() + " (2 times)");
    assertThat(result.dataFiles()).isEqualTo(3);
    assertThat(result.rows()).isEqualTo(30);
    assertThat(result.duplicatedKeys()).as("every row of the file").isEqualTo(10);
    assertThat(result.duplicateKeyExamples()).hasSize(TableAudit.EXAMPLES).first().isEqualTo("[orders, 0, 0] x2");
    Path saved = warehouse.dir().resolve("audit/last-audit.json");
    Instant before = Instant.now();
    Result cli = cli("audit", "--tables", "twice.*", "--save", saved.toString());
    assertThat(cli.exitCode()).isEqualTo(ExitCode.FAILED.code());
    assertThat(cli.out()).contains("twice.orders_enriched: data file registered twice: " + file.location())
        .contains("Audit FAILED").containsPattern("twice\\.orders_enriched\\s+3\\s+30\\s+1\\s+10\\s+-\\s+BROKEN");
    SavedAudit read = SavedAudit.read(saved);
    assertThat(read.tables()).as("the findings a status page shows").containsExactly(result);
    assertThat(Instant.parse(read.auditedAt())).isBetween(before, Instant.now());
  }

  @Test
  void aResultLandedTwiceInAnotherFileIsNamedByItsInputPosition() throws Exception {
    Table table = PersonalTables.create(warehouse.catalog(), "lineage", "order_payments", LedgerTables.WITH_LINEAGE);
    TestWarehouse.appendRows(table, rows(0, 10));
    TestWarehouse.appendRows(table, List.of(row(1, 7), row(0, 10)));  // offset 7 of partition 1 landed again; offset 10 is new

    TableAuditResult result = TableAudit.audit("lineage.order_payments", table, ResultKeys.of("order_payments"));

    assertThat(result.duplicateFiles()).isEmpty();
    assertThat(result.duplicatedKeys()).isEqualTo(1);
    assertThat(result.duplicateKeyExamples()).containsExactly("[orders, 1, 7] x2");
    Result prometheus = cli("audit", "--tables", "lineage.*", "--format", "prometheus");
    assertThat(prometheus.exitCode()).isEqualTo(ExitCode.FAILED.code());
    assertThat(prometheus.out()).contains("lakehouse_audit_table_clean{table=\"lineage.order_payments\"} 0.0")
        .contains("lakehouse_audit_table_duplicated_keys{table=\"lineage.order_payments\"} 1.0");
  }

  @Test
  void aWindowResultTwiceIsFoundAndATableWithoutKeysHasItsFilesChecked() throws Exception {
    Schema windows = new Schema(
        Types.NestedField.required(1, "outcome", Types.StringType.get()),
        Types.NestedField.required(2, "window_start", Types.TimestampType.withZone()),
        Types.NestedField.required(3, "event_time", Types.TimestampType.withZone()));
    Table table = PersonalTables.create(warehouse.catalog(), "windows", "payments_by_outcome_1m", windows);
    GenericRecord template = GenericRecord.create(windows);
    OffsetDateTime start = OffsetDateTime.ofInstant(HOUR, ZoneOffset.UTC);
    Record window = template.copy(Map.of("outcome", "SUCCEEDED", "window_start", start, "event_time", start));
    TestWarehouse.appendRows(table,
        List.of(window, template.copy(Map.of("outcome", "FAILED", "window_start", start, "event_time", start))));
    TestWarehouse.appendRows(table, List.of(window));
    Table other = PersonalTables.create(warehouse.catalog(), "windows", "fct_orders", windows);
    TestWarehouse.appendRows(other, List.of(window, window));

    assertThat(TableAudit.audit("windows.payments_by_outcome_1m", table, ResultKeys.of("payments_by_outcome_1m"))
        .duplicateKeyExamples()).containsExactly("[SUCCEEDED, " + start + "] x2");
    TableAuditResult unkeyed = TableAudit.audit("windows.fct_orders", other, ResultKeys.of("fct_orders"));
    assertThat(unkeyed.clean()).as("two equal rows are no break where no key is known").isTrue();
    assertThat(unkeyed.rows()).isEqualTo(-1);
    assertThat(unkeyed.dataFiles()).isEqualTo(1);
  }

  private static List<Record> rows(long firstOffset, int count) {
    List<Record> rows = new ArrayList<>();
    for (long offset = firstOffset; offset < firstOffset + count; offset++) {
      rows.add(row((int) (offset % 2), offset));
    }
    return rows;
  }

  private static Record row(int partition, long offset) {
    return GenericRecord.create(LedgerTables.WITH_LINEAGE).copy(Map.of("source_topic", "orders", "source_partition", partition,
        "source_offset", offset, "event_time", OffsetDateTime.ofInstant(HOUR, ZoneOffset.UTC)));
  }

  private static Result cli(String... args) throws Exception {
    return JobCli.withConfig(TestConfig.write(warehouse.dir().resolve("audit.yaml"), warehouse, ""), args);
  }
}
