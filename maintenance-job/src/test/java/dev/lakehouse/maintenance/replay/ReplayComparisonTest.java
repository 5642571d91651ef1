package dev.lakehouse.maintenance.replay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.maintenance.audit.Audit;
import dev.lakehouse.maintenance.audit.SavedAudit;
import dev.lakehouse.maintenance.audit.TableAuditResult;
import dev.lakehouse.maintenance.support.JobCli;
import dev.lakehouse.maintenance.support.LedgerTables;
import dev.lakehouse.maintenance.support.PersonalTables;
import dev.lakehouse.maintenance.support.ReplayTables;
import dev.lakehouse.maintenance.support.TestConfig;
import dev.lakehouse.maintenance.support.TestWarehouse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.data.Record;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replay's tables against the live ones: equal results compare the same whatever their processing
 * times; a changed order outcome, a changed amount, a row only one run has are counted and named with
 * the columns that differ; a replay still catching up is compared only on what both runs read and
 * finished (its missing frontier is no difference, a difference behind it still is); a table only one
 * run has is named. Through the CLI: compare exits 1 on a difference, and the audit of a replay's
 * namespace carries the comparison in its JSON without failing.
 */
class ReplayComparisonTest {
  private static final Instant T0 = Instant.now().truncatedTo(ChronoUnit.HOURS).minus(3, ChronoUnit.HOURS);
  private static final Instant LIVE_TIME = T0.plus(1, ChronoUnit.HOURS);
  private static final Instant REPLAY_TIME = T0.plus(2, ChronoUnit.HOURS);
  private static final Duration FINAL_AFTER = Duration.ofMinutes(32);

  @RegisterExtension static final TestWarehouse warehouse = TestWarehouse.perTestClass();

  @TempDir Path dir;

  /** Orders at offsets 0..n-1 of orders-0, one every 10 s, 10.00 each; two order payments; a revenue window per minute. */
  private static void land(String namespace, int orders, int windows, Instant processed, LongFunction<Record> orderAt,
      List<Record> payments) throws Exception {
    List<Record> rows = new ArrayList<>();
    for (long offset = 0; offset < orders; offset++) {
      rows.add(orderAt.apply(offset));
    }
    append(namespace, "orders_enriched", ReplayTables.ORDERS_ENRICHED, rows);
    append(namespace, "order_payments", ReplayTables.ORDER_PAYMENTS, payments);
    List<Record> revenue = new ArrayList<>();
    for (int minute = 0; minute < windows; minute++) {
      revenue.add(ReplayTables.revenue(T0.plus(minute, ChronoUnit.MINUTES), 6, "60.00", processed));
    }
    append(namespace, "revenue_by_merchant_1m", ReplayTables.REVENUE, revenue);
  }

  private static Record order(long offset, Instant processed) {
    return ReplayTables.order(offset, "cus-" + offset % 7, "10.00", T0.plusSeconds(10 * offset), processed);
  }

  private static List<Record> payments(Instant processed) {
    return List.of(ReplayTables.orderPayment("o-1", "p-1", 3, T0.plusSeconds(30), processed),
        ReplayTables.orderPayment("o-2", null, 12, T0.plusSeconds(1900), processed));
  }

  /** The ledger of orders-0 and payments-0: rows up to each {@code ends[i]}, stream time {@code times[i]} after it. */
  private static void ledger(String namespace, long[] ends, Instant[] times) throws Exception {
    Table ledger = PersonalTables.create(warehouse.catalog(), namespace, "pipeline_ledger", LedgerTables.LEDGER);
    for (String topic : List.of("orders", "payments")) {
      long first = 0;
      for (int i = 0; i < ends.length; i++) {
        TestWarehouse.appendRows(ledger, List.of(LedgerTables.withStreamTime(
            LedgerTables.ledgerRow(topic, 0, first, ends[i], 0, 0, 0, T0, times[i]), times[i])));
        first = ends[i] + 1;
      }
    }
  }

  private static void append(String namespace, String name, Schema schema, List<Record> rows) throws Exception {
    Table table = PersonalTables.create(warehouse.catalog(), namespace, name, schema);
    if (!rows.isEmpty()) {
      TestWarehouse.appendRows(table, rows);
    }
  }

  private static ReplayComparison compare(String live) {
    return ReplayComparison.compare(warehouse.catalog(), Namespace.of(live), Namespace.of(live + "_replay_1"),
        Instant.now(), FINAL_AFTER);
  }

  @Test
  void equalResultsAreTheSameWhateverTheirProcessingTimesAndOutputTopicOffsets() throws Exception {
    for (String namespace : List.of("same", "same_replay_1")) {
      Instant processed = namespace.equals("same") ? LIVE_TIME : REPLAY_TIME;
      land(namespace, 60, 10, processed, offset -> order(offset, processed), payments(processed));
      ledger(namespace, new long[] {29, 59}, new Instant[] {T0.plusSeconds(290), T0.plusSeconds(590)});
    }

    ReplayComparison comparison = compare("same");

    assertThat(comparison.same()).as(comparison.text()).isTrue();
    assertThat(comparison.cut().get(0)).startsWith("both runs read the same offsets of every input partition");
    TableComparison payments = comparison.table("order_payments").orElseThrow();
    assertThat(payments.groups()).containsExactly(new TableComparison.GroupCount("status", "PAID", 1, 1),
        new TableComparison.GroupCount("status", "UNPAID", 1, 1));
    assertThat(comparison.table("orders_enriched").orElseThrow().sums())
        .containsExactly(new TableComparison.Sum("amount", "600.00", "600.00"));
    assertThat(comparison.text()).contains("Replay same_replay_1 against same: the same in all 3 tables");
  }

  @Test
  void aChangedOutcomeAChangedAmountAndARowOfOneRunAreCountedAndNamed() throws Exception {
    land("diff", 60, 10, LIVE_TIME, offset -> order(offset, LIVE_TIME), payments(LIVE_TIME));
    List<Record> replayed = List.of(ReplayTables.orderPayment("o-1", null, 1, T0.plusSeconds(1810), REPLAY_TIME),
        ReplayTables.orderPayment("o-2", null, 12, T0.plusSeconds(1900), REPLAY_TIME),
        ReplayTables.orderPayment("o-3", null, 20, T0.plusSeconds(2000), REPLAY_TIME));
    land("diff_replay_1", 59, 10, REPLAY_TIME, offset -> offset == 10
        ? ReplayTables.order(10, "cus-3", "11.00", T0.plusSeconds(100), REPLAY_TIME) : order(offset, REPLAY_TIME), replayed);
    for (String namespace : List.of("diff", "diff_replay_1")) {
      ledger(namespace, new long[] {59}, new Instant[] {T0.plusSeconds(590)});
    }

    ReplayComparison comparison = compare("diff");

    assertThat(comparison.same()).isFalse();
    TableComparison orders = comparison.table("orders_enriched").orElseThrow();
    assertThat(orders).extracting(TableComparison::onlyLive, TableComparison::onlyReplay, TableComparison::differing)
        .containsExactly(1L, 0L, 1L);
    assertThat(orders.sums()).containsExactly(new TableComparison.Sum("amount", "600.00", "591.00"));
    TableComparison payments = comparison.table("order_payments").orElseThrow();
    assertThat(payments).extracting(TableComparison::onlyLive, TableComparison::onlyReplay, TableComparison::differing)
        .containsExactly(0L, 1L, 1L);
    assertThat(payments.groups()).containsExactly(new TableComparison.GroupCount("status", "PAID", 1, 0),
        new TableComparison.GroupCount("status", "UNPAID", 1, 3));
    assertThat(comparison.table("revenue_by_merchant_1m").orElseThrow().same()).isTrue();
    assertThat(comparison.text())
        .contains("Replay diff_replay_1 against diff: DIFFERENT in 2 of 3 tables")
        .contains("orders_enriched e-10: differs (live | replay): amount 10.00 | 11.00")
        .contains("orders_enriched e-59: only in live (live | replay): status PLACED | -; source_topic orders | -;"
            + " source_partition 0 | -; source_offset 59 | -")
        .contains("order_payments o-1: differs (live | replay): status PAID | UNPAID; payment_id p-1 | null;"
            + " payment_amount 20.00 | null; event_time " + T0.plusSeconds(30) + " | " + T0.plusSeconds(1810)
            + "; source_topic payments | orders; source_offset 3 | 1")
        .contains("order_payments o-3: only in replay (live | replay): status - | UNPAID")
        .contains("  status PAID                          live              1  replay              0  (differs)");
  }

  /**
   * The live run read orders-0 and payments-0 to offset 99 (stream time T0 + 50 min), the replay to 79
   * (T0 + 45 min): compared are offsets 0..49 (read by stream time T0 + 13 min = 45 - 32) and windows
   * ending by then; the replay's missing frontier is no difference, a changed order behind it is.
   */
  @Test
  void aReplayCatchingUpIsComparedOnWhatBothReadAndFinished() throws Exception {
    land("behind", 100, 21, LIVE_TIME, offset -> order(offset, LIVE_TIME), payments(LIVE_TIME));
    ledger("behind", new long[] {49, 99}, new Instant[] {T0.plus(10, ChronoUnit.MINUTES), T0.plus(50, ChronoUnit.MINUTES)});
    land("behind_replay_1", 80, 14, REPLAY_TIME, offset -> offset == 40
        ? ReplayTables.order(40, "cus-5", "12.00", T0.plusSeconds(400), REPLAY_TIME) : order(offset, REPLAY_TIME),
        payments(REPLAY_TIME));
    ledger("behind_replay_1", new long[] {49, 79},
        new Instant[] {T0.plus(10, ChronoUnit.MINUTES), T0.plus(45, ChronoUnit.MINUTES)});

    ReplayComparison comparison = compare("behind");

    assertThat(comparison.cut()).contains("orders-0 0..49 (live read to 99, replay to 79)",
        "payments-0 0..49 (live read to 99, replay to 79)");
    assertThat(comparison.cut().get(0)).contains("before stream time " + T0.plus(13, ChronoUnit.MINUTES));
    TableComparison orders = comparison.table("orders_enriched").orElseThrow();
    assertThat(orders).extracting(TableComparison::liveCompared, TableComparison::replayCompared,
        TableComparison::onlyLive, TableComparison::differing).containsExactly(50L, 50L, 0L, 1L);
    TableComparison windows = comparison.table("revenue_by_merchant_1m").orElseThrow();
    assertThat(windows.same()).isTrue();
    assertThat(windows).extracting(TableComparison::liveRows, TableComparison::liveCompared, TableComparison::replayCompared)
        .containsExactly(21L, 13L, 13L);
    assertThat(comparison.table("order_payments").orElseThrow().same()).isTrue();
  }

  @Test
  void aTableOnlyOneRunHasIsNamed() throws Exception {
    land("partial", 5, 1, LIVE_TIME, offset -> order(offset, LIVE_TIME), payments(LIVE_TIME));
    append("partial_replay_1", "orders_enriched", ReplayTables.ORDERS_ENRICHED,
        List.of(order(0, REPLAY_TIME), order(1, REPLAY_TIME), order(2, REPLAY_TIME), order(3, REPLAY_TIME),
            order(4, REPLAY_TIME)));

    ReplayComparison comparison = compare("partial");

    assertThat(comparison.cut().get(0)).startsWith("no pipeline_ledger in partial: every landed row is compared");
    assertThat(comparison.table("orders_enriched").orElseThrow().same()).isTrue();
    assertThat(comparison.table("order_payments").orElseThrow().missingIn()).isEqualTo("replay");
    assertThat(comparison.text()).contains("MISSING in replay");
  }

  @Test
  void compareExitsOneOnADifferenceAndTheAuditOfAReplayCarriesItWithoutFailing() throws Exception {
    land("cli", 20, 3, LIVE_TIME, offset -> order(offset, LIVE_TIME), payments(LIVE_TIME));
    land("cli_replay_1", 20, 3, REPLAY_TIME, offset -> offset == 7
        ? ReplayTables.order(7, "cus-0", "10.00", T0.plusSeconds(71), REPLAY_TIME) : order(offset, REPLAY_TIME),
        payments(REPLAY_TIME));
    Path config = TestConfig.write(dir.resolve("maintenance.yaml"), warehouse, "");

    JobCli.Result text = JobCli.withConfig(config, "compare", "--replay", "cli_replay_1", "--settle", "0s");
    JobCli.Result json = JobCli.withConfig(config, "compare", "--replay", "cli_replay_1", "--format", "json");
    Path saved = dir.resolve("last-audit.json");
    JobCli.Result audit = JobCli.withConfig(config, "audit", "--tables", "cli_replay_1.*", "--settle", "0s", "--json",
        "--save", saved.toString());

    assertThat(text.exitCode()).as(text.out() + text.err()).isEqualTo(1);
    assertThat(text.out()).contains("orders_enriched e-7: differs (live | replay): event_time "
        + T0.plusSeconds(70) + " | " + T0.plusSeconds(71));
    assertThat(json.exitCode()).isEqualTo(1);
    JsonNode orders = new ObjectMapper().readTree(json.out()).path("tables").get(0);
    assertThat(orders.path("table").asText()).isEqualTo("orders_enriched");
    assertThat(orders.path("differing").asLong()).isEqualTo(1);
    assertThat(audit.exitCode()).as(audit.out() + audit.err()).isZero();
    JsonNode audited = new ObjectMapper().readTree(audit.out());
    assertThat(audited.findValues("replay")).extracting(node -> node.path("against").asText())
        .contains("cli.orders_enriched", "cli.order_payments");
    assertThat(SavedAudit.read(saved).tables()).filteredOn(t -> t.table().equals("cli_replay_1.orders_enriched"))
        .singleElement().satisfies(t -> assertThat(t.replay().differing()).isEqualTo(1));
    List<TableAuditResult> results = Audit.run(warehouse.catalog(), List.of("cli_replay_1.*"), Instant.now());
    assertThat(Audit.text(results)).contains("cli_replay_1.orders_enriched against cli.orders_enriched: DIFFERS: 0 keys"
        + " only in live, 0 only in the replay, 1 with other values");
  }

  @Test
  void theLiveNamespaceIsReadOffAReplaysName() {
    assertThat(ReplayNamespaces.liveOf(Namespace.of("lakehouse_replay_2"))).contains(Namespace.of("lakehouse"));
    assertThat(ReplayNamespaces.liveOf(Namespace.of("lakehouse"))).isEmpty();
    assertThat(ReplayNamespaces.of(Namespace.of("lakehouse"), "2")).isEqualTo(Namespace.of("lakehouse_replay_2"));
  }
}
