package dev.lakehouse.e2e.bench;

import dev.lakehouse.conventions.DurationFormat;
import dev.lakehouse.e2e.harness.IcebergTables;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.generator.EventClass;
import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.generator.ProducedRecord;
import dev.lakehouse.generator.TailGate;
import dev.lakehouse.local.faults.Fault;
import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.iceberg.Table;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Freshness: event produced -> row visible in its Iceberg table (commit time of the append snapshot
 * that added it), p50 and p99, under a steady load with event time following the clock. Baseline:
 * the same rows becoming readable on the Streams app's output topic. Events of the last
 * {@code bench.holdback-seconds} are left out: without later events, stream-time buffers hold them.
 * Every other valid event is in the sample, and one that never lands fails the run (exit 1).
 * With {@code bench.maintenance-every} the maintenance job runs beside the sink at that interval,
 * and the live snapshots per table show whether expiry keeps up.
 *
 * <p>Run: {@code e2e-tests/bench/freshness.sh} (system properties bench.rate, bench.seconds,
 * bench.holdback-seconds, bench.maintenance-every, bench.figure; the sink's commit interval from
 * {@code LAKEHOUSE_COMMIT_INTERVAL_MS}, default 5000 for the local stack).
 */
public final class FreshnessBenchmark {
  private static final Duration LANDING_TIMEOUT = Duration.ofMinutes(5);

  private FreshnessBenchmark() {}

  public static void main(String[] args) throws Exception {
    double rate = Double.parseDouble(System.getProperty("bench.rate", "200"));
    int seconds = Integer.getInteger("bench.seconds", 120);
    long holdBackMillis = Integer.getInteger("bench.holdback-seconds", 60) * 1000L;
    String maintenanceEvery = System.getProperty("bench.maintenance-every", "");
    String figure = System.getProperty("bench.figure", "freshness p99");
    String commitInterval = System.getenv().getOrDefault("LAKEHOUSE_COMMIT_INTERVAL_MS", "5000 (the local default)");
    boolean allLanded;
    try (PipelineStack stack = PipelineStack.start("bench-freshness");
        IcebergTables tables = new IcebergTables(stack.catalogProperties());
        SnapshotArrivals enrichedInIceberg = SnapshotArrivals.watch(() -> tables.load(OutputTable.ORDERS_ENRICHED), "event_id");
        SnapshotArrivals paymentsInIceberg = SnapshotArrivals.watch(() -> tables.load(OutputTable.ORDER_PAYMENTS), "order_id");
        TopicArrivals enrichedOnKafka = new TopicArrivals(stack.bootstrapServers(), Topics.ORDERS_ENRICHED,
            row -> String.valueOf(row.get("event_id")));
        TopicArrivals paymentsOnKafka = new TopicArrivals(stack.bootstrapServers(), Topics.ORDER_PAYMENTS,
            row -> String.valueOf(row.get("order_id")))) {
      CompletableFuture<Void> maintenance = maintenanceEvery.isEmpty() ? CompletableFuture.completedFuture(null)
          : runMaintenance(stack, DurationFormat.parse("bench.maintenance-every", maintenanceEvery), seconds);
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
      boolean ordersLanded = awaitVisible("orders_enriched", enrichedInIceberg, orderSent);
      boolean paymentsLanded = awaitVisible("order_payments", paymentsInIceberg, paymentSent);
      maintenance.join();
      allLanded = ordersLanded && paymentsLanded;

      System.out.printf("freshness bench: %.0f events/s for %d s, sink commit interval %s ms, maintenance %s%n",
          rate, seconds, commitInterval, maintenanceEvery.isEmpty() ? "not run" : "every " + maintenanceEvery);
      long p99 = report("orders_enriched", orderSent, enrichedInIceberg.visibleAt(), enrichedOnKafka.firstSeen());
      report("order_payments (PAID)", paymentSent, paymentsInIceberg.visibleAt(), paymentsOnKafka.firstSeen());
      for (OutputTable table : List.of(OutputTable.ORDERS_ENRICHED, OutputTable.ORDER_PAYMENTS)) {
        Table loaded = tables.load(table);
        System.out.printf("%s: %d live snapshots (sequence number %d: appends and compactions so far)%n", table.tableName(),
            countOf(loaded.snapshots()), loaded.currentSnapshot().sequenceNumber());
      }
      System.out.printf("%s: %.1f%n", figure, p99 / 1000.0);
    }
    if (!allLanded) {
      System.out.println("FAILED: sampled rows never landed (above)");
      System.exit(1);
    }
  }

  /** Maintenance runs, each {@code every} after the previous one ended, for about as long as the load lasts. */
  private static CompletableFuture<Void> runMaintenance(PipelineStack stack, Duration every, int seconds) {
    int runs = (int) Math.max(1, seconds / every.toSeconds());
    List<Fault> schedule = Collections.nCopies(runs, new Fault(Fault.Kind.MAINTENANCE_RUN, "", every));
    return CompletableFuture.runAsync(() -> {
      try {
        stack.runFaults(schedule);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
  }

  private static boolean awaitVisible(String table, SnapshotArrivals arrivals, Map<String, Long> sent) {
    try {
      Awaitility.await().atMost(LANDING_TIMEOUT).pollInterval(Duration.ofSeconds(2))
          .until(() -> arrivals.visibleAt().keySet().containsAll(sent.keySet()));
      return true;
    } catch (ConditionTimeoutException e) {
      long missing = sent.keySet().stream().filter(key -> !arrivals.visibleAt().containsKey(key)).count();
      System.out.println(table + ": " + missing + " of " + sent.size() + " sampled rows not visible after " + LANDING_TIMEOUT);
      return false;
    }
  }

  /** Prints the percentiles of one table and of its topic; returns the table's p99 in milliseconds. */
  private static long report(String what, Map<String, Long> sent, Map<String, Long> visible, Map<String, Long> onKafka) {
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
      return -1;
    }
    Percentiles table = new Percentiles(iceberg);
    Percentiles topic = new Percentiles(kafka);
    System.out.printf("%s: %d of %d sampled rows visible; freshness p50: %.1f s, p99: %.1f s "
            + "(baseline, output topic: p50 %.1f s, p99 %.1f s; ratio p99 %.2f)%n",
        what, table.size(), sent.size(), table.at(50) / 1000.0, table.at(99) / 1000.0,
        topic.at(50) / 1000.0, topic.at(99) / 1000.0, (double) table.at(99) / Math.max(1, topic.at(99)));
    return table.at(99);
  }

  private static long countOf(Iterable<?> items) {
    long n = 0;
    for (Object ignored : items) {
      n++;
    }
    return n;
  }
}
