package dev.lakehouse.peerflink.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorConfig;
import dev.lakehouse.peerflink.harness.BothSystems;
import dev.lakehouse.peerflink.harness.CommittedRows;
import dev.lakehouse.peerflink.harness.FlinkPeerJvm;
import dev.lakehouse.peerflink.harness.StreamsAppJvm;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.ChildProcess;
import dev.lakehouse.testkit.KafkaFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.awaitility.core.ConditionTimeoutException;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.util.FileUtils;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Flink peer is a fair copy of the Streams app: both run on one broker over the same seeded
 * input (in order up to the generator's in-grace disorder, no late events; retried duplicates and
 * malformed records included), the peer is killed with SIGKILL mid-stream and restarted from its
 * last checkpoint; then a second input with the shapes where the two engines' time could differ
 * ({@link SecondInput}: backfills hours behind, late events, a partition behind the others, an input
 * that stops and an idle partition, reference versions after their orders), and a read_committed
 * reader compares their outputs row by row, over both inputs.
 */
class PeerEqualityIT {
  private static final Logger LOG = LoggerFactory.getLogger(PeerEqualityIT.class);
  private static final Path WORK = Path.of("target", "it", "peer-equality").toAbsolutePath();
  private static final Set<String> WALL_CLOCK = Set.of("processing_time");
  private static final String FLINK_JVM = "-Xmx768m";
  private static final Duration STOP_GRACE = Duration.ofSeconds(60);
  private static final List<String> STREAMS_JVM = List.of("-Xmx384m", "-XX:+UseSerialGC");
  /**
   * Between the reference versions and the first order: neither system orders its reference input
   * before its orders (a zero reference join grace), so each must have read the versions by then.
   * Without it, a peer whose reference source started late on a loaded machine wrote 810 orders
   * without their customer and merchant (2026-12-03).
   */
  private static final Duration REFERENCE_PAUSE = Duration.ofSeconds(5);
  private static final List<String> COMPARED = List.of(Topics.ORDERS_ENRICHED, Topics.REVENUE_BY_MERCHANT_1M,
      Topics.PAYMENTS_BY_OUTCOME_1M, Topics.ORDER_PAYMENTS, Topics.LATE_EVENTS, Topics.DEAD_LETTERS);

  private static KafkaFixture kafka;
  private static final Map<String, List<GenericRecord>> STREAMS = new HashMap<>();
  private static final Map<String, List<GenericRecord>> FLINK = new HashMap<>();
  private static String restartedFlinkLog;
  private static SecondInput second;
  /** Per input partition, the first offset of the second input. */
  private static Map<String, Long> secondInputFrom;

  @BeforeAll
  @Timeout(720)
  static void runBothOnOneInput() throws Exception {
    FileUtils.deleteDirectory(WORK.toFile());
    kafka = KafkaFixture.start(Files.createDirectories(WORK.resolve("kafka")));
    kafka.createTopics(2, BothSystems.topics());
    BothSystems both = new BothSystems(kafka.bootstrapServers(), WORK);
    Path streamsConfig = both.streamsConfig(Map.of());
    Path flinkConfig = both.flinkConfig(Map.of());
    Path flinkLog = WORK.resolve("flink-peer.log");
    Path restartedLog = WORK.resolve("flink-peer-restarted.log");

    try (ChildProcess streams = StreamsAppJvm.start(streamsConfig, WORK.resolve("streams-app.log"), STREAMS_JVM);
        ChildProcess flink = FlinkPeerJvm.start(flinkConfig, flinkLog, FLINK_JVM);
        Generator generator = Generator.following(input(), both.followBoth(Duration.ofMinutes(2)))) {
      StreamsAppJvm.awaitReady(streams, both.streamsHttpPort(), Duration.ofSeconds(150));
      FlinkPeerJvm.awaitRunning(flink, both.flinkRestPort(), Duration.ofSeconds(150));
      LOG.info("Both systems ready; producing the input");
      CompletableFuture<Void> mainPhase = CompletableFuture.runAsync(() -> produceMain(generator));

      await("the peer's first committed output").atMost(Duration.ofSeconds(150)).pollInterval(Duration.ofMillis(500))
          .until(() -> committed(BothSystems.FLINK_PREFIX + Topics.ORDERS_ENRICHED, Topics.ORDERS_ENRICHED) >= 20);
      assertThat(mainPhase).as("the crash must happen while input is still arriving").isNotDone();
      flink.kill();
      LOG.info("Killed the peer with SIGKILL; restarting it");

      try (ChildProcess restarted = FlinkPeerJvm.start(flinkConfig, restartedLog, FLINK_JVM)) {
        FlinkPeerJvm.awaitRunning(restarted, both.flinkRestPort(), Duration.ofSeconds(150));
        LOG.info("The peer runs again");
        mainPhase.get();
        both.streamsGroup(Duration.ofMinutes(2)).awaitBeforeTail();
        both.flinkGroup(Duration.ofMinutes(2)).awaitBeforeTail();
        LOG.info("Both consumed the main phase; producing the tail");
        generator.produceTail();
        both.streamsGroup(Duration.ofMinutes(1)).awaitBeforeTail();
        both.flinkGroup(Duration.ofMinutes(1)).awaitBeforeTail();
        LOG.info("Both consumed the tail; waiting for the last outputs");
        awaitSameCounts();
        secondInputFrom = endOffsets();
        // past the first input's tail (about 1 h 50 min ago), and its own tail not after the wall clock
        second = new SecondInput(Instant.now().minus(Duration.ofMinutes(100)).truncatedTo(ChronoUnit.MINUTES));
        LOG.info("Producing the second input");
        second.produce(kafka.bootstrapServers(), both.followBoth(Duration.ofMinutes(2)), REFERENCE_PAUSE);
        LOG.info("Both consumed the second input; waiting for the last outputs");
        awaitSameCounts();
        COMPARED.forEach(topic -> {
          STREAMS.put(topic, values(topic, topic));
          FLINK.put(topic, values(BothSystems.FLINK_PREFIX + topic, topic));
        });
        restartedFlinkLog = Files.readString(restartedLog);
        assertThat(restarted.stop(STOP_GRACE)).as("the peer's exit code after SIGTERM").isIn(0, 143);
      }
      assertThat(streams.stop(STOP_GRACE)).as("the Streams app's exit code after SIGTERM").isEqualTo(143);
    }
  }

  @AfterAll
  static void stopKafka() {
    if (kafka != null) {
      kafka.close();
    }
  }

  @Test
  void thePeerWasRestartedFromItsLastCheckpoint() {
    assertThat(restartedFlinkLog).contains("restoring from").contains("chk-");
  }

  @Test
  void enrichedOrdersAreTheSame() {
    assertThat(ids(FLINK.get(Topics.ORDERS_ENRICHED), "event_id")).hasSizeGreaterThan(1_000).doesNotHaveDuplicates();
    assertSameRows(Topics.ORDERS_ENRICHED, WALL_CLOCK);
  }

  @Test
  void windowTotalsAreTheSame() {
    assertThat(STREAMS.get(Topics.REVENUE_BY_MERCHANT_1M)).hasSizeGreaterThan(50);
    assertThat(STREAMS.get(Topics.PAYMENTS_BY_OUTCOME_1M)).hasSizeGreaterThan(5);
    assertSameRows(Topics.REVENUE_BY_MERCHANT_1M, WALL_CLOCK);
    assertSameRows(Topics.PAYMENTS_BY_OUTCOME_1M, WALL_CLOCK);
  }

  @Test
  void orderPaymentsAreTheSame() {
    assertThat(STREAMS.get(Topics.ORDER_PAYMENTS)).extracting(r -> r.get("status").toString())
        .contains("PAID", "UNPAID");
    assertThat(ids(FLINK.get(Topics.ORDER_PAYMENTS), "order_event_id")).doesNotHaveDuplicates();
    assertSameRows(Topics.ORDER_PAYMENTS, WALL_CLOCK);
  }

  @Test
  void deadLettersAreTheSameRecordsForTheSameReasons() {
    assertThat(STREAMS.get(Topics.DEAD_LETTERS)).isNotEmpty();
    // the reason is prose: each system words it its own way; error_class is the contract
    assertSameRows(Topics.DEAD_LETTERS, Set.of("processing_time", "reason"));
  }

  @Test
  void lateEventsAreTheSameAndTheOnesTheLatenessRuleGivesOnTheSecondInput() {
    assertSameRows(Topics.LATE_EVENTS, WALL_CLOCK);
    for (Map<String, List<GenericRecord>> system : List.of(STREAMS, FLINK)) {
      assertThat(system.get(Topics.LATE_EVENTS)).as("late events of the first input").noneMatch(r -> !ofSecondInput(r));
      assertThat(system.get(Topics.LATE_EVENTS)).extracting(r -> r.get("event_id").toString())
          .containsExactlyInAnyOrderElementsOf(second.lateWindowEvents());
    }
    assertThat(second.lateWindowEvents()).as("every backfilled window event is late")
        .containsAll(second.backfillWindowEvents());
  }

  @Test
  void aVersionThatArrivesAfterItsOrdersIsNotAppliedToThem() {
    Instant sent = second.lateVersionsSentBefore();
    for (Map<String, List<GenericRecord>> system : List.of(STREAMS, FLINK)) {
      List<GenericRecord> orders = system.get(Topics.ORDERS_ENRICHED).stream().filter(PeerEqualityIT::ofSecondInput)
          .toList();
      assertThat(orders).filteredOn(r -> r.get("customer_id").toString().equals(SecondInput.LATE_CUSTOMER))
          .extracting(r -> r.get("customer_name") + (((Instant) r.get("event_time")).isBefore(sent) ? " before" : " after"))
          .contains(SecondInput.nameOf(SecondInput.LATE_CUSTOMER, 1) + " before",
              SecondInput.nameOf(SecondInput.LATE_CUSTOMER, 2) + " after")
          .allMatch(text -> text.endsWith(" v1 before") || text.endsWith(" v2 after"));
      assertThat(orders).filteredOn(r -> r.get("merchant_id").toString().equals(SecondInput.LATE_MERCHANT))
          .extracting(r -> r.get("merchant_name") + (((Instant) r.get("event_time")).isBefore(sent) ? " before" : " after"))
          .allMatch(text -> text.endsWith(" v1 before") || text.endsWith(" v2 after"));
    }
  }

  @Test
  void theSecondInputJoinsBackfillsAndForcesVerdictsOnTheInputThatStopped() {
    List<GenericRecord> rows = STREAMS.get(Topics.ORDER_PAYMENTS).stream().filter(PeerEqualityIT::ofSecondInput).toList();
    Instant backfills = second.base().minus(Duration.ofHours(1));
    assertThat(rows).as("backfill orders paid").anyMatch(r -> r.get("status").toString().equals("PAID")
        && ((Instant) r.get("order_time")).isBefore(backfills));
    assertThat(rows).as("backfill orders unpaid").anyMatch(r -> r.get("status").toString().equals("UNPAID")
        && ((Instant) r.get("order_time")).isBefore(backfills));
    assertThat(STREAMS.get(Topics.DEAD_LETTERS)).as("unknown orders of the second input")
        .anyMatch(r -> r.get("error_class").toString().equals("UNKNOWN_ORDER") && ofSecondInput(r));
  }

  /** Whether a row's lineage is a record of the second input. */
  private static boolean ofSecondInput(GenericRecord row) {
    String partition = row.get("source_topic") + "-" + row.get("source_partition");
    Long from = secondInputFrom.get(partition);
    return from != null && (Long) row.get("source_offset") >= from;
  }

  private static Map<String, Long> endOffsets() {
    Map<String, Long> ends = new HashMap<>();
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
      Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
      for (String topic : List.of(Topics.ORDERS, Topics.PAYMENTS)) {
        for (int partition = 0; partition < 2; partition++) {
          latest.put(new TopicPartition(topic, partition), OffsetSpec.latest());
        }
      }
      admin.listOffsets(latest).all().get().forEach((partition, end) -> ends.put(partition.toString(), end.offset()));
    } catch (ExecutionException e) {
      throw new IllegalStateException("Cannot read the end offsets of the first input: " + e.getCause(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Cannot read the end offsets of the first input: interrupted", e);
    }
    return ends;
  }

  private static void assertSameRows(String topic, Set<String> ignored) {
    assertThat(rows(FLINK.get(topic), ignored)).as("%s%s against %s", BothSystems.FLINK_PREFIX, topic, topic)
        .containsExactlyInAnyOrderElementsOf(rows(STREAMS.get(topic), ignored));
  }

  private static List<String> rows(List<GenericRecord> records, Set<String> ignored) {
    return records.stream().map(r -> ContractRow.of(r, ignored)).sorted(Comparator.naturalOrder()).toList();
  }

  private static List<String> ids(List<GenericRecord> records, String field) {
    return records.stream().map(r -> String.valueOf(r.get(field))).toList();
  }

  /**
   * The last outputs (windows and UNPAID rows the tail closed) commit a little after the input is
   * consumed. Counts still unequal after a minute are left to the row comparisons, which name the rows.
   */
  private static void awaitSameCounts() {
    try {
      await("the peer's output to catch up with the Streams app's").atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofSeconds(2))
          .until(() -> COMPARED.stream().allMatch(topic ->
              committed(BothSystems.FLINK_PREFIX + topic, topic) == committed(topic, topic)));
    } catch (ConditionTimeoutException e) {
      LOG.warn("The two systems' outputs still differ in size after a minute; the comparisons below show how");
    }
  }

  private static int committed(String topic, String contractTopic) {
    return CommittedRows.read(kafka.bootstrapServers(), topic, contractTopic).size();
  }

  private static List<GenericRecord> values(String topic, String contractTopic) {
    return CommittedRows.read(kafka.bootstrapServers(), topic, contractTopic).stream()
        .map(ConsumerRecord::value).toList();
  }

  /**
   * 3,000 events over 3 minutes of event time: out of order only within the generator's 20 s
   * (never late), 1 % retried duplicates and 1 % malformed records, no events beyond the grace.
   * Both systems may be at most 1,000 records (1 minute of event time) behind, less than the grace.
   */
  private static GeneratorConfig input() {
    return GeneratorConfig.builder()
        .bootstrapServers(kafka.bootstrapServers())
        .seed(20261201L)
        .events(3_000)
        .eventsPerMinute(1_000)
        .maxLag(1_000)
        .startTime(Instant.now().minus(Duration.ofHours(3)).truncatedTo(ChronoUnit.MINUTES))
        .beyondGraceFraction(0)
        .duplicateFraction(0.01)
        .malformedFraction(0.01)
        .customers(50)
        .merchants(10)
        .referencePause(REFERENCE_PAUSE)
        .build();
  }

  private static void produceMain(Generator generator) {
    try {
      generator.produceMain();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Cannot produce the input: interrupted", e);
    }
  }
}
