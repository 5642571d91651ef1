package dev.lakehouse.e2e.bench;

import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.generator.EventClass;
import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.generator.ProducedRecord;
import dev.lakehouse.generator.TailGate;
import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Table;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Freshness: event produced -> row visible in its Iceberg table (commit time of the first snapshot
 * holding it), p50 and p99, under a steady load with event time following the clock. Baseline: the
 * same rows becoming readable on the Streams app's output topic. Events of the last
 * {@code bench.holdback-seconds} are left out: without later events, stream-time buffers hold them.
 *
 * <p>Run: {@code e2e-tests/bench/freshness.sh} (system properties bench.rate, bench.seconds).
 */
public final class FreshnessBenchmark {
  private FreshnessBenchmark() {}

  public static void main(String[] args) throws Exception {
    double rate = Double.parseDouble(System.getProperty("bench.rate", "200"));
    int seconds = Integer.getInteger("bench.seconds", 120);
    long holdBackMillis = Integer.getInteger("bench.holdback-seconds", 60) * 1000L;
    try (PipelineStack stack = PipelineStack.start("bench-freshness");
        IcebergTables tables = new IcebergTables(stack.catalogProperties());
        TopicArrivals enrichedOnKafka = new TopicArrivals(stack.bootstrapServers(), Topics.ORDERS_ENRICHED,
            row -> String.valueOf(row.get("event_id")));
        TopicArrivals paymentsOnKafka = new TopicArrivals(stack.bootstrapServers(), Topics.ORDER_PAYMENTS,
            row -> String.valueOf(row.get("order_id")))) {
      GeneratorRun run = Generator.run(SteadyLoad.config(stack.bootstrapServers(), rate, seconds), TailGate.NONE);
      long cutoff = run.records().get(run.records().size() - 1).sendTimeMillis() - holdBackMillis;

      Map<String, Long> orderSent = new HashMap<>();
      Map<String, Long> paymentSent = new HashMap<>();
      for (ProducedRecord r : run.records()) {
        if (r.eventClass() != EventClass.VALID || r.sendTimeMillis() > cutoff) {
          continue;
        }
        if (r.topic().equals(Topics.ORDERS)) {
          orderSent.put(r.planned().eventId(), r.sendTimeMillis());
        } else if (r.topic().equals(Topics.PAYMENTS) && "SUCCEEDED".equals(String.valueOf(r.planned().value().get("outcome")))) {
          paymentSent.put(String.valueOf(r.planned().value().get("order_id")), r.sendTimeMillis());
        }
      }
      awaitVisible(tables, OutputTable.ORDERS_ENRICHED, orderSent.size());
      awaitVisible(tables, OutputTable.ORDER_PAYMENTS, paymentSent.size());

      System.out.printf("freshness bench: %.0f events/s for %d s, commit interval as applied by connect-config (local)%n",
          rate, seconds);
      report("orders_enriched", orderSent, SnapshotArrivals.of(tables.load(OutputTable.ORDERS_ENRICHED), "event_id"),
          enrichedOnKafka.firstSeen());
      report("order_payments (PAID)", paymentSent, SnapshotArrivals.of(tables.load(OutputTable.ORDER_PAYMENTS), "order_id"),
          paymentsOnKafka.firstSeen());
    }
  }

  private static void awaitVisible(IcebergTables tables, OutputTable table, long rows) {
    try {
      Awaitility.await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofSeconds(2)).ignoreExceptions()
          .until(() -> tables.rowCount(table) >= rows);
    } catch (ConditionTimeoutException e) {
      System.out.println(table.tableName() + ": only " + tables.rowCount(table) + " of " + rows + " rows landed");
    }
  }

  private static void report(String what, Map<String, Long> sent, Map<String, Long> visible, Map<String, Long> onKafka) {
    List<Long> iceberg = new ArrayList<>();
    List<Long> kafka = new ArrayList<>();
    sent.forEach((key, sentAt) -> {
      if (visible.containsKey(key)) {
        iceberg.add(visible.get(key) - sentAt);
      }
      if (onKafka.containsKey(key)) {
        kafka.add(onKafka.get(key) - sentAt);
      }
    });
    if (iceberg.isEmpty() || kafka.isEmpty()) {
      System.out.println(what + ": no rows measured (iceberg " + iceberg.size() + ", kafka " + kafka.size() + ")");
      return;
    }
    Percentiles table = new Percentiles(iceberg);
    Percentiles topic = new Percentiles(kafka);
    System.out.printf("%s: %d of %d rows visible; freshness p50: %.1f s, freshness p99: %.1f s "
            + "(baseline, output topic: p50 %.1f s, p99 %.1f s; ratio p99 %.2f)%n",
        what, table.size(), sent.size(), table.at(50) / 1000.0, table.at(99) / 1000.0,
        topic.at(50) / 1000.0, topic.at(99) / 1000.0, (double) table.at(99) / Math.max(1, topic.at(99)));
  }
}
