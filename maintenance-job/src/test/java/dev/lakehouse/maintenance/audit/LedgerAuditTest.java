package dev.lakehouse.maintenance.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.conventions.ExitCode;
import dev.lakehouse.maintenance.support.JobCli;
import dev.lakehouse.maintenance.support.JobCli.Result;
import dev.lakehouse.maintenance.support.LedgerTables;
import dev.lakehouse.maintenance.support.PersonalTables;
import dev.lakehouse.maintenance.support.TestConfig;
import dev.lakehouse.maintenance.support.TestWarehouse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The tables held against the pipeline ledger: a clean run passes; a deleted row, a lineage landed
 * twice, a data file registered twice and a lost ledger row are each named by table, partition and
 * offsets, with exit code 1; rows of young ledger rows are pending, rows an erasure removed are not lost.
 */
class LedgerAuditTest {
  private static final Instant HOUR = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(2, ChronoUnit.HOURS);

  @RegisterExtension static final TestWarehouse warehouse = TestWarehouse.perTestClass();

  /**
   * orders-0 offsets 0..9: offset 3 dead-lettered, 5 a dropped retry, the other 8 kept, 9 of them late;
   * orders-0 offsets 10..19: all kept; 20..24: 20 kept (21..24 transaction markers); payments-0 offsets
   * 0..4: all kept, 4 late, 2 later an UNKNOWN_ORDER. Plus an order at offset 25 (its ledger row not
   * landed yet) and a customers dead letter (not ledgered).
   */
  private static final class Lake {
    final String namespace;
    final Table ledger;
    final DataFile ledgerSecondRow;
    final Table orders;
    final Table late;
    final Table deadLetters;
    final DataFile ordersFirstFile;
    final DataFile ordersSecondFile;

    Lake(String namespace, Instant secondRowEmitted) throws Exception {
      this.namespace = namespace;
      ledger = PersonalTables.create(warehouse.catalog(), namespace, "pipeline_ledger", LedgerTables.LEDGER);
      TestWarehouse.appendRows(ledger, List.of(ledgerRow("orders", 0, 9, 8, 1, 1, HOUR),
          ledgerRow("orders", 20, 24, 1, 0, 0, HOUR),
          ledgerRow("payments", 0, 4, 5, 1, 0, HOUR)));
      ledgerSecondRow = TestWarehouse.appendRows(ledger, List.of(ledgerRow("orders", 10, 19, 10, 0, 0, secondRowEmitted)));
      orders = PersonalTables.create(warehouse.catalog(), namespace, "orders_enriched", LedgerTables.WITH_LINEAGE);
      ordersFirstFile = TestWarehouse.appendRows(orders, lineage("orders", 0, 1, 2, 4, 6, 7, 8, 9));
      ordersSecondFile = TestWarehouse.appendRows(orders, lineage("orders",
          LongStream.concat(LongStream.rangeClosed(10, 20), LongStream.of(25)).toArray()));
      late = PersonalTables.create(warehouse.catalog(), namespace, "late_events", LedgerTables.WITH_LINEAGE);
      TestWarehouse.appendRows(late, List.of(lineage("orders", 9).get(0), lineage("payments", 4).get(0)));
      deadLetters = PersonalTables.create(warehouse.catalog(), namespace, "dead_letters", LedgerTables.DEAD_LETTERS);
      TestWarehouse.appendRows(deadLetters, List.of(deadLetter("orders", 3, "INVALID_AMOUNT"),
          deadLetter("payments", 2, "UNKNOWN_ORDER"),
          deadLetter("customers", 7, "MISSING_FIELD")));
    }

    Lake(String namespace) throws Exception {
      this(namespace, HOUR);
    }

    Map<String, TableAuditResult> audit(Instant settledBefore) {
      return Audit.run(warehouse.catalog(), List.of(namespace + ".*"), settledBefore).stream()
          .collect(Collectors.toMap(t -> t.table().substring(namespace.length() + 1), t -> t));
    }

    Map<String, TableAuditResult> audit() {
      return audit(Instant.now());
    }
  }

  @Test
  void aCleanRunMatchesTheLedgerInEveryTable() throws Exception {
    Lake lake = new Lake("ledger_clean");

    Map<String, TableAuditResult> audit = lake.audit();

    assertThat(audit.get("orders_enriched").ledger()).isEqualTo(new LedgerCheck(19, 19, 0, 0, 0, 0, 1, -1, List.of()));
    assertThat(audit.get("late_events").ledger()).isEqualTo(new LedgerCheck(2, 2, 0, 0, 0, 0, 0, -1, List.of()));
    assertThat(audit.get("dead_letters").ledger()).as("UNKNOWN_ORDER and the customers topic are not ledgered")
        .isEqualTo(new LedgerCheck(1, 1, 0, 0, 0, 0, 0, -1, List.of()));
    assertThat(audit.get("pipeline_ledger").ledger()).isEqualTo(LedgerCheck.ofLedger(List.of()));
    assertThat(audit.values()).allMatch(TableAuditResult::clean);
    Result cli = cli("audit", "--tables", "ledger_clean.*");
    assertThat(cli.exitCode()).as(cli.out() + cli.err()).isEqualTo(ExitCode.OK.code());
    assertThat(cli.out()).containsPattern("ledger_clean\\.orders_enriched .* 19 of 19 +ok")
        .containsPattern("ledger_clean\\.pipeline_ledger .* tiled +ok").contains("Audit passed");
  }

  @Test
  void aDeletedRowIsNamedByItsLedgerRow() throws Exception {
    Lake lake = new Lake("ledger_deleted");
    PersonalTables.deleteRows(lake.orders, lake.ordersFirstFile, 4);  // offset 6

    LedgerCheck check = lake.audit().get("orders_enriched").ledger();

    assertThat(check.missing()).isEqualTo(1);
    assertThat(check.findings()).containsExactly("orders-0 offsets 0..9: 7 rows, the ledger counts 8");
    Result cli = cli("audit", "--tables", "ledger_deleted.*", "--json");
    assertThat(cli.exitCode()).isEqualTo(ExitCode.FAILED.code());
    assertThat(cli.out()).contains("\"missing\" : 1").contains("orders-0 offsets 0..9: 7 rows, the ledger counts 8");
  }

  @Test
  void aLineageLandedTwiceAndAFileRegisteredTwiceAreRowsOverTheCount() throws Exception {
    Lake lake = new Lake("ledger_extra");
    TestWarehouse.appendRows(lake.late, lineage("payments", 4));
    TestWarehouse.append(lake.orders, List.of(lake.ordersFirstFile), Map.of());

    Map<String, TableAuditResult> audit = lake.audit();

    assertThat(audit.get("late_events").ledger().extra()).isEqualTo(1);
    assertThat(audit.get("late_events").ledger().findings())
        .containsExactly("payments-0 offsets 0..4: 2 rows, the ledger counts 1");
    assertThat(audit.get("orders_enriched").ledger().extra()).isEqualTo(8);
    assertThat(audit.get("orders_enriched").ledger().findings())
        .containsExactly("orders-0 offsets 0..9: 16 rows, the ledger counts 8");
    assertThat(audit.get("orders_enriched").clean()).isFalse();
    Result cli = cli("audit", "--tables", "ledger_extra.*", "--format", "prometheus");
    assertThat(cli.exitCode()).isEqualTo(ExitCode.FAILED.code());
    assertThat(cli.out()).contains("lakehouse_audit_ledger_rows{state=\"extra\",table=\"ledger_extra.late_events\"} 1.0");
  }

  @Test
  void aLostLedgerRowIsAGapByPartitionAndOffsets() throws Exception {
    Lake lake = new Lake("ledger_gap");
    lake.ledger.newDelete().deleteFile(lake.ledgerSecondRow).commit();

    Map<String, TableAuditResult> audit = lake.audit();

    assertThat(audit.get("pipeline_ledger").ledger().findings())
        .containsExactly("orders-0 offsets 10..19 counted by no ledger row");
    assertThat(audit.get("pipeline_ledger").clean()).isFalse();
    assertThat(audit.get("orders_enriched").ledger().uncounted()).as("offsets 10..19 and 25").isEqualTo(11);
    Result cli = cli("audit", "--tables", "ledger_gap.*");
    assertThat(cli.exitCode()).isEqualTo(ExitCode.FAILED.code());
    assertThat(cli.out()).contains("ledger_gap.pipeline_ledger: orders-0 offsets 10..19 counted by no ledger row")
        .containsPattern("ledger_gap\\.pipeline_ledger .* 1 tiling breaks +BROKEN");
  }

  @Test
  void aYoungLedgerRowMayBeShortUntilItSettlesButNeverOver() throws Exception {
    Instant now = Instant.now();
    Lake lake = new Lake("ledger_young", now);  // the row of offsets 10..19 was just written
    PersonalTables.deleteRows(lake.orders, lake.ordersSecondFile, 5);  // offset 15, perhaps still on its way

    LedgerCheck pending = lake.audit(now.minusSeconds(600)).get("orders_enriched").ledger();
    assertThat(pending.pending()).isEqualTo(1);
    assertThat(pending.missing()).isZero();
    assertThat(pending.clean()).isTrue();
    LedgerCheck settled = lake.audit(now.plusSeconds(1)).get("orders_enriched").ledger();
    assertThat(settled.missing()).isEqualTo(1);
    assertThat(settled.findings()).containsExactly("orders-0 offsets 10..19: 9 rows, the ledger counts 10");
    Result cli = cli("audit", "--tables", "ledger_young.*");
    assertThat(cli.exitCode()).as("the default settle time: 10 minutes").isEqualTo(ExitCode.OK.code());
    assertThat(cli.out()).contains("18 of 19: 1 pending");
    assertThat(cli("audit", "--tables", "ledger_young.*", "--settle", "0s").exitCode()).isEqualTo(ExitCode.FAILED.code());

    TestWarehouse.appendRows(lake.orders, lineage("orders", 12, 12));
    LedgerCheck over = lake.audit(now.minusSeconds(600)).get("orders_enriched").ledger();
    assertThat(over.extra()).as("more rows than counted is a break at once").isEqualTo(1);
    assertThat(over.clean()).isFalse();
  }

  @Test
  void rowsAnErasureRemovedAreNotLost() throws Exception {
    Lake lake = new Lake("ledger_erased");
    PersonalTables.deleteRows(lake.orders, lake.ordersFirstFile, 0, 1);
    lake.orders.updateProperties().set(ErasedRows.PROPERTY, "2").commit();

    LedgerCheck check = lake.audit().get("orders_enriched").ledger();

    assertThat(check.missing()).isEqualTo(2);
    assertThat(check.erased()).isEqualTo(2);
    assertThat(check.clean()).isTrue();
    assertThat(check.summary()).isEqualTo("17 of 19: 2 missing, 2 erased");
    lake.orders.updateProperties().set(ErasedRows.PROPERTY, "1").commit();
    assertThat(lake.audit().get("orders_enriched").clean()).as("one row more is gone than was erased").isFalse();
  }

  private static Record ledgerRow(String topic, long first, long last, long kept, long late, long deadLettered,
      Instant emitted) {
    return LedgerTables.ledgerRow(topic, 0, first, last, kept, late, deadLettered, emitted, HOUR);
  }

  private static List<Record> lineage(String topic, long... offsets) {
    return LedgerTables.lineage(topic, 0, HOUR, offsets);
  }

  private static Record deadLetter(String topic, long offset, String errorClass) {
    return LedgerTables.deadLetter(topic, 0, offset, errorClass, HOUR);
  }

  private static Result cli(String... args) throws Exception {
    return JobCli.withConfig(TestConfig.write(warehouse.dir().resolve("ledger-audit.yaml"), warehouse, ""), args);
  }
}
