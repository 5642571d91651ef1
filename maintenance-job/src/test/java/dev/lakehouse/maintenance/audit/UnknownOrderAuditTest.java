package dev.lakehouse.maintenance.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.maintenance.support.LedgerTables;
import dev.lakehouse.maintenance.support.PersonalTables;
import dev.lakehouse.maintenance.support.TestWarehouse;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The payments dead-lettered as UNKNOWN_ORDER held against the ledger rows that counted their
 * verdicts: per payments partition, the dead letters written up to its newest ledger row equal the
 * rows' sum, a ledger row that read nothing (it only carries verdicts) tiles and keys cleanly, and a
 * dead letter written after the newest row is counted next, not extra.
 */
class UnknownOrderAuditTest {
  private static final Instant HOUR = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(2, ChronoUnit.HOURS);
  private static final Schema LEDGER = withColumn(LedgerTables.LEDGER,
      Types.NestedField.optional(12, "dead_lettered_unknown_order", Types.LongType.get()));
  private static final Schema DEAD_LETTERS = withColumn(LedgerTables.DEAD_LETTERS,
      Types.NestedField.required(6, "processing_time", Types.TimestampType.withZone()));

  @RegisterExtension static final TestWarehouse warehouse = TestWarehouse.perTestClass();

  /**
   * payments-0 offsets 0..4 (all kept, one UNKNOWN_ORDER verdict meanwhile), then a row that read
   * nothing and carries two more verdicts, then offsets 5..6; three UNKNOWN_ORDER dead letters.
   */
  private static Table lake(String namespace, List<Record> deadLetters) throws Exception {
    Table ledger = PersonalTables.create(warehouse.catalog(), namespace, "pipeline_ledger", LEDGER);
    TestWarehouse.appendRows(ledger, List.of(ledgerRow(0, 4, 5, 1, HOUR), ledgerRow(5, 4, 0, 2, HOUR.plusSeconds(10)),
        ledgerRow(5, 6, 2, 0, HOUR.plusSeconds(20))));
    Table table = PersonalTables.create(warehouse.catalog(), namespace, "dead_letters", DEAD_LETTERS);
    TestWarehouse.appendRows(table, deadLetters);
    return table;
  }

  @Test
  void theVerdictsOfEachPartitionAddUpToItsUnknownOrderDeadLetters() throws Exception {
    lake("unknown_clean", List.of(unknownOrder(0, HOUR.plusSeconds(5)), unknownOrder(1, HOUR.plusSeconds(8)),
        unknownOrder(3, HOUR.plusSeconds(9))));

    Map<String, TableAuditResult> audit = audit("unknown_clean");

    assertThat(audit.get("dead_letters").ledger()).isEqualTo(new LedgerCheck(3, 3, 0, 0, 0, 0, 0, -1, List.of()));
    assertThat(audit.get("pipeline_ledger").ledger()).as("the row that read nothing tiles")
        .isEqualTo(LedgerCheck.ofLedger(List.of()));
    assertThat(audit.get("pipeline_ledger").duplicatedKeys()).as("nor shares the next row's key").isZero();
    assertThat(audit.values()).allMatch(TableAuditResult::clean);
  }

  @Test
  void aLostUnknownOrderIsMissingAndOneWrittenAfterTheNewestRowIsCountedNext() throws Exception {
    lake("unknown_lost", List.of(unknownOrder(0, HOUR.plusSeconds(5)), unknownOrder(1, HOUR.plusSeconds(8)),
        unknownOrder(6, HOUR.plusSeconds(30))));

    LedgerCheck check = audit("unknown_lost").get("dead_letters").ledger();

    assertThat(check.missing()).isEqualTo(1);
    assertThat(check.uncounted()).as("written after the newest ledger row").isEqualTo(1);
    assertThat(check.findings()).containsExactly("payments-0: 2 UNKNOWN_ORDER dead letters, the ledger counts 3");
  }

  private static Map<String, TableAuditResult> audit(String namespace) {
    return Audit.run(warehouse.catalog(), List.of(namespace + ".*"), Instant.now()).stream()
        .collect(Collectors.toMap(t -> t.table().substring(namespace.length() + 1), t -> t));
  }

  private static Record ledgerRow(long first, long last, long kept, long unknownOrders, Instant emitted) {
    Record row = copy(LedgerTables.ledgerRow("payments", 0, first, last, kept, 0, 0, emitted, HOUR), LEDGER);
    row.setField("dead_lettered_unknown_order", unknownOrders);
    return row;
  }

  private static Record unknownOrder(long offset, Instant written) {
    Record row = copy(LedgerTables.deadLetter("payments", 0, offset, UnknownOrderTally.ERROR_CLASS, HOUR), DEAD_LETTERS);
    row.setField("processing_time", OffsetDateTime.ofInstant(written, ZoneOffset.UTC));
    return row;
  }

  private static Schema withColumn(Schema schema, Types.NestedField column) {
    List<Types.NestedField> columns = new ArrayList<>(schema.columns());
    columns.add(column);
    return new Schema(columns);
  }

  /** The row's values in a record of the wider schema. */
  private static Record copy(Record row, Schema schema) {
    Record copy = GenericRecord.create(schema);
    row.struct().fields().forEach(field -> copy.setField(field.name(), row.getField(field.name())));
    return copy;
  }
}
