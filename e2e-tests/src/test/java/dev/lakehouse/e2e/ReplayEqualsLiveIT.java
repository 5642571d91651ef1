package dev.lakehouse.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lakehouse.e2e.harness.DirectProducer;
import dev.lakehouse.e2e.harness.Landing;
import dev.lakehouse.e2e.harness.OutputTopics;
import dev.lakehouse.e2e.harness.PartitionsButTheLast;
import dev.lakehouse.e2e.harness.PipelineStack;
import dev.lakehouse.e2e.oracle.ExpectedTable;
import dev.lakehouse.e2e.oracle.OutputTable;
import dev.lakehouse.e2e.oracle.PipelineOracle;
import dev.lakehouse.e2e.oracle.TableDiff;
import dev.lakehouse.generator.EventClass;
import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorConfig;
import dev.lakehouse.generator.GeneratorRun;
import dev.lakehouse.generator.GroupCatchUp;
import dev.lakehouse.generator.ProducedRecord;
import dev.lakehouse.local.stack.config.Replay;
import dev.lakehouse.schemas.Topics;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;

/**
 * The same input gives the same answer: the Streams app run live (paced by the generator), a second
 * instance group stopped by kill -9 for a span of the input and then catching up, and a replay from
 * the earliest offsets under a new application id once all input is there, write the same rows to
 * every output topic (processing time aside), and the oracle, which computes the documented rules
 * from the produced records alone, agrees with all three.
 *
 * <p>The input has the shapes that made a replay differ from live before the join kept a clock per
 * input: current events first; then orders hours behind, current orders alone for longer than the
 * grace, and then the payments of the orders behind (read in that order live, by record timestamp
 * in a catch-up or a replay); then two backfills hours behind stream time, each produced while
 * current traffic goes on (two generators at once, so their records interleave on every partition);
 * payments within their delay, retries, late and malformed events (the generator's anomaly mix);
 * and the last partition of each input idle during the first backfill.
 */
class ReplayEqualsLiveIT {
  private static final Replay CATCH_UP = new Replay("c");
  private static final Replay REPLAY = new Replay("r");
  private static final int EVENTS_PER_MINUTE = 1500;

  @Test
  void aCatchUpAndAReplayGiveTheLiveRowsAndTheOracleAgreesWithAllThree() throws Exception {
    try (PipelineStack stack = PipelineStack.startStreamsOnly("replay-equals-live")) {
      String catchUp = stack.startStreamsReplay(CATCH_UP.id());
      Instant current = Instant.now().minus(Duration.ofHours(3)).truncatedTo(ChronoUnit.MINUTES);
      List<GeneratorRun> runs = new ArrayList<>();

      // current events first: orders for 2 minutes of event time, their payments up to 5 minutes later
      runs.add(produce(stack, run(stack, 1, current, 3000)));
      stack.kill(catchUp);
      runs.add(ordersAheadOfTheirPayments(stack, current.plus(Duration.ofMinutes(8))));
      // two backfills hours behind, each beside current traffic; the last partitions idle in the first
      runs.addAll(produceTogether(stack,
          run(stack, 2, current.minus(Duration.ofHours(3)), 1500).producerOverride(
              ProducerConfig.PARTITIONER_CLASS_CONFIG, PartitionsButTheLast.class.getName()),
          run(stack, 3, current.plus(Duration.ofMinutes(13)), 1500).producerOverride(
              ProducerConfig.PARTITIONER_CLASS_CONFIG, PartitionsButTheLast.class.getName())));
      runs.addAll(produceTogether(stack,
          run(stack, 4, current.minus(Duration.ofHours(5)), 1500),
          run(stack, 5, current.plus(Duration.ofMinutes(20)), 1500)));
      stack.restart(catchUp);
      // the tail closes every window and join window that the runs above left open
      runs.add(produce(stack, run(stack, 6, current.plus(Duration.ofMinutes(27)), 500).tail(true)));
      stack.startStreamsReplay(REPLAY.id());

      GeneratorRun all = inOffsetOrder(runs);
      assertTheInputHasTheShapes(all, current, stack.config().topicPartitions());
      Map<OutputTable, ExpectedTable> expected = new PipelineOracle(all, Scenarios.APP).expectedTables();
      Map<String, Map<OutputTable, Map<String, Map<String, Object>>>> outputs = new TreeMap<>();
      Map<String, List<String>> againstTheOracle = new TreeMap<>();
      for (Map.Entry<String, String> app : Map.of("live", stack.streamsApplicationId(),
          "catch-up", CATCH_UP.applicationId(stack.config()), "replay", REPLAY.applicationId(stack.config())).entrySet()) {
        try (GroupCatchUp consumed = new GroupCatchUp(stack.bootstrapServers(), app.getValue(), Duration.ofMinutes(5))) {
          consumed.awaitBeforeTail();
        }
        OutputTopics topics = new OutputTopics(stack.bootstrapServers(), prefix(app.getKey()));
        // a readiness signal only: what is missing or different is asserted below, with the rows
        Landing.awaitComplete(topics, expected, Duration.ofMinutes(3));
        outputs.put(app.getKey(), rowsByKey(topics));
        againstTheOracle.put(app.getKey(), expected.entrySet().stream()
            .map(table -> TableDiff.of(table.getValue(), topics.rows(table.getKey())))
            .filter(diff -> !diff.matches()).map(TableDiff::report).toList());
      }

      // first the three runs against each other: the claim; then each against the oracle: the rule
      for (OutputTable table : OutputTable.values()) {
        Map<String, Map<String, Object>> live = outputs.get("live").get(table);
        assertThat(live).as("%s is not empty", table).isNotEmpty();
        for (String other : List.of("catch-up", "replay")) {
          Map<String, Map<String, Object>> rows = outputs.get(other).get(table);
          assertThat(differences(live, rows)).as("%s: rows of the live app that the %s app wrote otherwise or not",
              table, other).isEmpty();
          assertThat(differences(rows, live)).as("%s: rows of the %s app that the live app wrote otherwise or not",
              table, other).isEmpty();
        }
      }
      assertThat(ledgerTotals(stack, "catch-up")).isEqualTo(ledgerTotals(stack, "live"));
      assertThat(ledgerTotals(stack, "replay")).isEqualTo(ledgerTotals(stack, "live"));
      againstTheOracle.forEach((app, problems) -> assertThat(problems).as("the %s app against the oracle", app).isEmpty());
    }
  }

  private static GeneratorConfig.Builder run(PipelineStack stack, long seed, Instant start, int events) {
    return Scenarios.anomalyMix(stack, events, seed)
        .startTime(start)
        .eventsPerMinute(EVENTS_PER_MINUTE)
        .tail(false)
        .manifestPath(stack.config().dataDir().resolve("generator-manifest-" + seed + ".json"));
  }

  /** One run, paced by the live app (the generator stays within its max lag of it). */
  private static GeneratorRun produce(PipelineStack stack, GeneratorConfig.Builder config) throws InterruptedException {
    try (GroupCatchUp live = Scenarios.follow(stack)) {
      return Generator.runFollowing(config.build(), live);
    }
  }

  /**
   * The shape that made the join's result depend on arrival order: orders hours behind their
   * partition, then current orders alone for longer than the grace (and within the max input skew),
   * then the payments of the orders behind. The live app reads each step before the next is sent, so
   * it sees the orders run ahead before the payments come; a catch-up or a replay reads the steps by
   * record timestamp, the old payments before the current orders. The join must pay them either way.
   */
  private static GeneratorRun ordersAheadOfTheirPayments(PipelineStack stack, Instant now) throws InterruptedException {
    Instant behind = now.minus(Duration.ofHours(3));
    try (DirectProducer producer = new DirectProducer(stack.bootstrapServers(), "ahead-");
        GroupCatchUp live = Scenarios.follow(stack)) {
      producer.order("first", "CANCELLED", now);
      for (int i = 0; i < 24; i++) {
        producer.order("behind-" + i, "PLACED", behind.plusSeconds(i));
      }
      live.awaitBeforeTail();
      for (int i = 1; i <= 48; i++) {
        producer.order("ahead-" + i, "CANCELLED", now.plusSeconds(5L * i));
      }
      live.awaitBeforeTail();
      for (int i = 0; i < 24; i++) {
        producer.payment("behind-" + i, "SUCCEEDED", behind.plusSeconds(60 + i));
      }
      live.awaitBeforeTail();
      return new GeneratorRun(producer.produced(), null);
    }
  }

  /** Two runs at once, so that their records interleave on the topics. */
  private static List<GeneratorRun> produceTogether(PipelineStack stack, GeneratorConfig.Builder first,
      GeneratorConfig.Builder second) {
    CompletableFuture<GeneratorRun> one = CompletableFuture.supplyAsync(() -> produceUnchecked(stack, first));
    CompletableFuture<GeneratorRun> two = CompletableFuture.supplyAsync(() -> produceUnchecked(stack, second));
    return List.of(one.join(), two.join());
  }

  private static GeneratorRun produceUnchecked(PipelineStack stack, GeneratorConfig.Builder config) {
    try {
      return produce(stack, config);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Cannot produce the input: interrupted", e);
    }
  }

  /**
   * Every run's records in the order the app reads them: send order across the topics (which the
   * oracle's enrichment needs), each partition's records in offset order (concurrent producers may
   * send in one order and append in another).
   */
  private static GeneratorRun inOffsetOrder(List<GeneratorRun> runs) {
    List<ProducedRecord> sent = runs.stream().flatMap(run -> run.records().stream())
        .sorted(Comparator.comparingLong(ProducedRecord::sendTimeMillis)).collect(Collectors.toCollection(ArrayList::new));
    Map<String, List<Integer>> positions = new HashMap<>();
    for (int i = 0; i < sent.size(); i++) {
      positions.computeIfAbsent(sent.get(i).topic() + "-" + sent.get(i).partition(), k -> new ArrayList<>()).add(i);
    }
    List<ProducedRecord> ordered = new ArrayList<>(sent);
    for (List<Integer> of : positions.values()) {
      List<ProducedRecord> byOffset = of.stream().map(sent::get).sorted(Comparator.comparingLong(ProducedRecord::offset))
          .toList();
      for (int i = 0; i < of.size(); i++) {
        ordered.set(of.get(i), byOffset.get(i));
      }
    }
    return new GeneratorRun(ordered, runs.get(runs.size() - 1).manifest());
  }

  private static void assertTheInputHasTheShapes(GeneratorRun input, Instant current, int partitions) {
    List<ProducedRecord> records = input.records();
    assertThat(records).as("retries").anyMatch(r -> r.eventClass() == EventClass.DUPLICATE);
    long backfilled = records.stream().filter(r -> r.topic().equals(Topics.ORDERS) && r.planned().eventTime() != null)
        .filter(r -> r.planned().eventTime().isBefore(current.minus(Duration.ofHours(2))))
        .count();
    assertThat(backfilled).as("orders hours behind").isPositive();
    assertThat(partitions).as("a partition to leave idle").isGreaterThan(1);
  }

  private static String prefix(String app) {
    return switch (app) {
      case "catch-up" -> CATCH_UP.topicPrefix();
      case "replay" -> REPLAY.topicPrefix();
      default -> "";
    };
  }

  private static Map<OutputTable, Map<String, Map<String, Object>>> rowsByKey(OutputTopics topics) {
    Map<OutputTable, Map<String, Map<String, Object>>> tables = new HashMap<>();
    for (OutputTable table : OutputTable.values()) {
      Map<String, Map<String, Object>> rows = new TreeMap<>();
      for (Map<String, Object> row : topics.rows(table)) {
        Map<String, Object> compared = new TreeMap<>(row);
        compared.remove("processing_time");
        assertThat(rows.put(table.key(row), compared)).as("%s holds %s once", table, table.key(row)).isNull();
      }
      tables.put(table, rows);
    }
    return tables;
  }

  private static List<String> differences(Map<String, Map<String, Object>> these, Map<String, Map<String, Object>> those) {
    return these.entrySet().stream().filter(row -> !row.getValue().equals(those.get(row.getKey())))
        .map(row -> row.getKey() + ": " + row.getValue() + " / " + those.get(row.getKey())).limit(10).toList();
  }

  /** Per input partition, what the ledger counted over all its rows (their intervals depend on the wall clock). */
  private static Map<String, Long> ledgerTotals(PipelineStack stack, String app) {
    Map<String, Long> totals = new TreeMap<>();
    for (Map<String, Object> row : new OutputTopics(stack.bootstrapServers(), prefix(app)).rows(Topics.PIPELINE_LEDGER)) {
      String partition = row.get("source_topic") + "-" + row.get("source_partition");
      for (String count : List.of("records_read", "dead_lettered", "duplicates_dropped", "kept", "windowed", "late",
          "dead_lettered_unknown_order")) {
        totals.merge(partition + " " + count, ((Number) row.get(count)).longValue(), Long::sum);
      }
    }
    return totals;
  }
}
