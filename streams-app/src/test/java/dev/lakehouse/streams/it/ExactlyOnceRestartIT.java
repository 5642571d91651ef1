package dev.lakehouse.streams.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.lakehouse.generator.Generator;
import dev.lakehouse.generator.GeneratorConfig;
import dev.lakehouse.generator.GroupCatchUp;
import dev.lakehouse.generator.ProducedRecord;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.App;
import dev.lakehouse.testkit.ChildProcess;
import dev.lakehouse.testkit.Folders;
import dev.lakehouse.testkit.KafkaFixture;
import dev.lakehouse.testkit.LedgerCoverage;
import dev.lakehouse.testkit.FreePorts;
import dev.lakehouse.testkit.JavaCommand;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The whole app on a real KRaft broker with exactly-once: a seeded stream of orders, payments and
 * reference data (with out-of-order, late, duplicate and malformed records) is produced while the
 * app runs in a child JVM; the app is killed with SIGKILL mid-stream, restarted, killed again once
 * the restart has committed output, and restarted; a read_committed reader must then see every
 * expected output record exactly once, and the pipeline ledger count every input record once.
 * Then a deploy: SIGTERM with a grace period barely above {@code shutdown.timeout} (SIGKILL after
 * it, as Kubernetes and ECS do), and the next start keeps the local state, restoring nothing from
 * the changelogs. The instance runs as a static member of its groups ({@code instance.id}).
 */
class ExactlyOnceRestartIT {
  private static final String APP_ID = "eos-restart-it";
  private static final String INSTANCE_ID = "eos-restart-it-0";
  private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(10);
  /** An orchestrator's grace period as tight as the docs allow: SIGKILL after it. */
  private static final Duration GRACE_PERIOD = SHUTDOWN_TIMEOUT.plusSeconds(5);
  private static final Path WORK = Path.of("target", "it", "eos-restart").toAbsolutePath();

  private static KafkaFixture kafka;
  private static GeneratedInput expected;
  private static int liveAfterRestart;
  private static String metricsAfterRestart;
  private static int exitCodeAfterSigterm;
  private static String appLog;
  private static long restoredAfterTheKill;
  private static long restoredAfterTheDeploy;
  private static String logOfTheDeploy;
  private static List<String> memberInstanceIds;
  private static int exitCodeAfterTheDeploy;

  @BeforeAll
  @Timeout(300)
  static void runTheScenario() throws Exception {
    Folders.delete(WORK);
    kafka = KafkaFixture.start(Files.createDirectories(WORK.resolve("kafka")));
    kafka.createTopics(2, Topics.ALL.toArray(String[]::new));
    produceCrashAndRestart();
  }

  @AfterAll
  static void stopKafka() {
    if (kafka != null) {
      kafka.close();
    }
  }

  /** The app in a JVM of its own ({@code App --config}), so that the test can kill it like a crashing host would. */
  private static JavaCommand app(Path config) {
    return JavaCommand.onThisClasspath(App.class).heap("384m").jvmOptions("-XX:+UseSerialGC")
        .args("--config", config.toString());
  }

  /** Runs the scenario once; the tests below check one output topic each. */
  private static void produceCrashAndRestart() throws Exception {
    int httpPort = FreePorts.pick();
    Path config = writeAppConfig(httpPort);
    Path log = WORK.resolve("app.log");
    GeneratorConfig input = GeneratorConfig.builder()
        .bootstrapServers(kafka.bootstrapServers())
        .seed(20261129L)
        // 10 minutes of event time, so that beyond-grace events exist (they need 8); 250 events a
        // minute keeps the 2-minute grace (500 events) above any skew between the partitions' progress
        .events(2_500)
        .rate(75)
        .eventsPerMinute(250)
        .startTime(Instant.now().minus(Duration.ofHours(3)).truncatedTo(ChronoUnit.MINUTES))
        .beyondGraceFraction(0.02)
        .duplicateFraction(0.03)
        .malformedFraction(0.01)
        .customers(50)
        .merchants(10)
        .build();
    List<ProducedRecord> produced = new ArrayList<>();
    try (Generator generator = Generator.create(input);
        ChildProcess first = app(config).start(log);
        CommittedOutput enriched = new CommittedOutput(kafka.bootstrapServers(), Topics.ORDERS_ENRICHED)) {
      await("first app ready").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500))
          .until(() -> status(httpPort, "/health/ready") == 200);
      CompletableFuture<List<ProducedRecord>> mainPhase = CompletableFuture.supplyAsync(() -> produceMain(generator));

      await("first committed output").atMost(Duration.ofSeconds(60))
          .until(() -> enriched.poll().size() >= 20);
      assertThat(mainPhase).as("the crash must happen while input is still arriving").isNotDone();
      first.kill();
      try (ChildProcess second = app(config).start(log)) {
        await("second app ready").atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(500))
            .until(() -> status(httpPort, "/health/ready") == 200);
        restoredAfterTheKill = restoredRecords(httpPort, "pipeline");
        int before = enriched.poll().size();
        await("committed output of the second app").atMost(Duration.ofSeconds(60))
            .until(() -> enriched.poll().size() >= before + 20);
        second.kill();
      }

      try (ChildProcess third = app(config).start(log)) {
        produced.addAll(mainPhase.get());
        new GroupCatchUp(kafka.bootstrapServers(), APP_ID, Duration.ofSeconds(90)).awaitBeforeTail();
        produced.addAll(generator.produceTail());
        new GroupCatchUp(kafka.bootstrapServers(), APP_ID, Duration.ofSeconds(60)).awaitBeforeTail();
        // the rows of the last records come at the next ledger interval after them
        await("ledger rows up to the end of the input").atMost(Duration.ofSeconds(90))
            .until(() -> ledgerReachesTheEndOf(produced));

        liveAfterRestart = status(httpPort, "/health/live");
        metricsAfterRestart = get(httpPort, "/metrics").body();
        memberInstanceIds = memberInstanceIds();
        exitCodeAfterSigterm = third.stop(GRACE_PERIOD);
      }
      redeploy(config, log, httpPort);
      // a killed app's open transaction holds back what read_committed readers see until the restarted
      // app's producers fence it (same process id) or, failing that, its timeout (60 s) aborts it
      await("the killed apps' open transactions aborted")
          .atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofSeconds(2))
          .until(ExactlyOnceRestartIT::noOpenTransactionOnTheOutputs);
    }
    expected = new GeneratedInput(produced);
    appLog = Files.readString(log);
  }

  @Test
  void theRestartedAppIsLiveExportsMetricsAndStopsGracefullyOnSigterm() {
    assertThat(liveAfterRestart).isEqualTo(200);
    assertThat(metricsAfterRestart)
        .contains("kafka_lakehouse_records_valid_total{")
        .contains("kafka_stream_thread_metrics_process_total{");
    assertThat(exitCodeAfterSigterm).as("exit code after SIGTERM and a graceful close").isEqualTo(143);
  }

  @Test
  void theStateOfTheKilledRunIsDeletedBeforeTheRestartAndACleanStopIsMarked() {
    String deleting = "The last run did not stop cleanly: deleting its local state "
        + WORK.resolve("app-data").resolve("streams-state").resolve(APP_ID);
    assertThat(appLog.split(Pattern.quote(deleting), -1)).as("the two starts after SIGKILL")
        .hasSize(3);
    assertThat(WORK.resolve("app-data").resolve("streams-state").resolve(APP_ID + ".stopped-cleanly"))
        .as("marker of the graceful stop after SIGTERM").exists();
  }

  @Test
  void aDeployWithinTheGracePeriodKeepsTheLocalStateAndRestoresNothing() {
    assertThat(restoredAfterTheKill).as("records restored after kill -9 (the state was deleted)").isPositive();
    assertThat(exitCodeAfterSigterm).as("exit code after SIGTERM, within the grace period").isEqualTo(143);
    assertThat(logOfTheDeploy).as("the start after the deploy")
        .doesNotContain("did not stop cleanly")
        .contains("Kafka Streams (pipeline) state REBALANCING -> RUNNING");
    assertThat(restoredAfterTheDeploy).as("records restored after the deploy").isZero();
    assertThat(exitCodeAfterTheDeploy).isEqualTo(143);
  }

  @Test
  void everyStreamThreadIsAStaticMemberNamedAfterTheInstance() {
    assertThat(memberInstanceIds).isNotEmpty()
        .allSatisfy(id -> assertThat(id).matches(Pattern.quote(INSTANCE_ID) + "-\\d+"))
        .doesNotHaveDuplicates();
  }

  @Test
  void everyValidOrderIsEnrichedExactlyOnce() {
    assertThat(field(values(Topics.ORDERS_ENRICHED), "event_id")).doesNotHaveDuplicates()
        .containsExactlyInAnyOrderElementsOf(expected.enrichedOrderEventIds());
  }

  @Test
  void everyMalformedRecordIsDeadLetteredExactlyOnce() {
    assertThat(values(Topics.DEAD_LETTERS).stream().map(r -> GeneratedInput.source(String.valueOf(r.get("source_topic")),
        (Integer) r.get("source_partition"), (Long) r.get("source_offset"))).toList())
        .doesNotHaveDuplicates()
        .containsExactlyInAnyOrderElementsOf(expected.deadLetterSources());
  }

  @Test
  void everyBeyondGraceEventIsInLateEventsExactlyOnce() {
    List<String> late = field(values(Topics.LATE_EVENTS), "event_id");
    assertThat(late).doesNotHaveDuplicates().containsAll(expected.lateEventIds());
    // on-time events may be late too when a restart's catch-up moves the partitions unevenly
    assertThat(expected.windowedEventIds()).containsAll(late);
  }

  @Test
  void noWindowIsEmittedTwice() {
    assertThat(values(Topics.REVENUE_BY_MERCHANT_1M).stream()
        .map(r -> r.get("merchant_id") + "/" + r.get("currency") + "/" + r.get("window_start")).toList())
        .doesNotHaveDuplicates();
    assertThat(values(Topics.PAYMENTS_BY_OUTCOME_1M).stream()
        .map(r -> r.get("outcome") + "/" + r.get("window_start")).toList())
        .doesNotHaveDuplicates();
  }

  @Test
  void everyOnTimeEventIsCountedInOneClosedWindowOrInLateEvents() {
    List<GenericRecord> late = values(Topics.LATE_EVENTS);
    Set<String> beyondGrace = expected.lateEventIds();
    long lateOnTimeOrders = late.stream()
        .filter(r -> "order".equals(String.valueOf(r.get("event_type"))) && !beyondGrace.contains(String.valueOf(r.get("event_id"))))
        .count();
    long lateOnTimePayments = late.stream()
        .filter(r -> "payment".equals(String.valueOf(r.get("event_type"))) && !beyondGrace.contains(String.valueOf(r.get("event_id"))))
        .count();
    assertThat(values(Topics.REVENUE_BY_MERCHANT_1M).stream().mapToLong(r -> (Long) r.get("order_count")).sum())
        .isEqualTo(expected.windowedOrders() - lateOnTimeOrders);
    assertThat(values(Topics.PAYMENTS_BY_OUTCOME_1M).stream().mapToLong(r -> (Long) r.get("payment_count")).sum())
        .isEqualTo(expected.windowedPayments() - lateOnTimePayments);
  }

  @Test
  void everyPlacedOrderIsInOrderPaymentsExactlyOnce() {
    assertThat(field(values(Topics.ORDER_PAYMENTS), "order_id")).doesNotHaveDuplicates()
        .containsExactlyInAnyOrderElementsOf(expected.joinedOrderIds());
  }

  /**
   * Every input record of orders and payments is in exactly one ledger row of its partition, counted
   * once by where it went; checked against the records the generator produced (an independent count).
   */
  @Test
  void theLedgerCountsEveryInputRecordOnceAcrossBothKills() {
    List<GenericRecord> rows = values(Topics.PIPELINE_LEDGER);
    Map<String, Long> input = new HashMap<>();
    for (String topic : List.of(Topics.ORDERS, Topics.PAYMENTS)) {
      for (int partition : List.of(0, 1)) {
        input.put(LedgerCoverage.partition(topic, partition), expected.recordsIn(topic, partition));
        assertThat(sum(ledgerRows(rows, topic, partition), "dead_lettered")).as("%s-%d dead letters", topic, partition)
            .isEqualTo(expected.deadLetterSources().stream().filter(s -> s.startsWith(topic + "/" + partition + "/")).count());
      }
    }
    assertThat(LedgerCoverage.problems(rows.stream().map(ExactlyOnceRestartIT::columns).toList(), input)).isEmpty();
    Map<String, Long> unknownOrders = new HashMap<>();
    List.of(0, 1).forEach(partition -> unknownOrders.put(LedgerCoverage.partition(Topics.PAYMENTS, partition), 0L));
    values(Topics.DEAD_LETTERS).stream().filter(r -> "UNKNOWN_ORDER".equals(String.valueOf(r.get("error_class"))))
        .forEach(r -> unknownOrders.merge(LedgerCoverage.partition(Topics.PAYMENTS, (Integer) r.get("source_partition")),
            1L, Long::sum));
    assertThat(LedgerCoverage.unknownOrderProblems(rows.stream().map(ExactlyOnceRestartIT::columns).toList(),
        unknownOrders)).isEmpty();
    assertThat(ledgerRows(rows, Topics.PAYMENTS)).allSatisfy(row -> assertThat(row.get("kept"))
        .as("kept payments are windowed or late: %s", row).isEqualTo((Long) row.get("windowed") + (Long) row.get("late")));
    assertThat(sum(ledgerRows(rows, Topics.ORDERS), "kept")).as("orders kept = orders enriched")
        .isEqualTo(expected.enrichedOrderEventIds().size());
  }

  /** The deploy: a start on the state a SIGTERM left, then its own SIGTERM within the grace period. */
  private static void redeploy(Path config, Path log, int httpPort) throws Exception {
    int logBefore = Files.readString(log).length();
    try (ChildProcess fourth = app(config).start(log)) {
      await("app ready after the deploy").atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(500))
          .until(() -> status(httpPort, "/health/ready") == 200);
      restoredAfterTheDeploy = restoredRecords(httpPort, "pipeline") + restoredRecords(httpPort, "reference-checks");
      exitCodeAfterTheDeploy = fourth.stop(GRACE_PERIOD);
    }
    logOfTheDeploy = Files.readString(log).substring(logBefore);
  }

  private static long restoredRecords(int port, String client) throws Exception {
    Matcher sample = Pattern.compile("(?m)^lakehouse_streams_restored_records_total\\{client=\"" + client + "\"} (\\d+)")
        .matcher(get(port, "/metrics").body());
    assertThat(sample.find()).as("the restored records of client %s in /metrics", client).isTrue();
    return Long.parseLong(sample.group(1));
  }

  private static List<String> memberInstanceIds() throws Exception {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
      return admin.describeConsumerGroups(List.of(APP_ID)).all().get().get(APP_ID).members().stream()
          .map(member -> member.groupInstanceId().orElse("(dynamic member " + member.consumerId() + ")")).toList();
    }
  }

  private static boolean noOpenTransactionOnTheOutputs() throws Exception {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
      Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
      Topics.OUTPUTS.forEach(topic -> List.of(0, 1).forEach(p -> latest.put(new TopicPartition(topic, p), OffsetSpec.latest())));
      var stable = admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED)).all().get();
      var written = admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_UNCOMMITTED)).all().get();
      return stable.keySet().stream().allMatch(p -> stable.get(p).offset() == written.get(p).offset());
    }
  }

  private static boolean ledgerReachesTheEndOf(List<ProducedRecord> produced) {
    GeneratedInput input = new GeneratedInput(produced);
    List<GenericRecord> rows = values(Topics.PIPELINE_LEDGER);
    return List.of(Topics.ORDERS, Topics.PAYMENTS).stream().allMatch(topic -> List.of(0, 1).stream()
        .allMatch(partition -> sum(ledgerRows(rows, topic, partition), "records_read") >= input.recordsIn(topic, partition)));
  }

  private static List<GenericRecord> ledgerRows(List<GenericRecord> rows, String topic, int... partitions) {
    return rows.stream()
        .filter(r -> topic.equals(r.get("source_topic").toString()))
        .filter(r -> partitions.length == 0 || (Integer) r.get("source_partition") == partitions[0])
        .toList();
  }

  private static long sum(List<GenericRecord> rows, String field) {
    return rows.stream().mapToLong(r -> (Long) r.get(field)).sum();
  }

  private static Map<String, Object> columns(GenericRecord record) {
    Map<String, Object> columns = new HashMap<>();
    record.getSchema().getFields().forEach(field -> columns.put(field.name(), record.get(field.name())));
    return columns;
  }

  private static List<GenericRecord> values(String topic) {
    try (CommittedOutput output = new CommittedOutput(kafka.bootstrapServers(), topic)) {
      return output.readToEnd().stream().map(ConsumerRecord::value).toList();
    }
  }

  private static List<String> field(List<GenericRecord> records, String name) {
    Function<GenericRecord, String> read = r -> String.valueOf(r.get(name));
    return records.stream().map(read).toList();
  }

  private static List<ProducedRecord> produceMain(Generator generator) {
    try {
      return generator.produceMain();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Cannot produce the input: interrupted", e);
    }
  }

  private static Path writeAppConfig(int httpPort) throws Exception {
    return Files.writeString(WORK.resolve("app.properties"), String.join("\n",
        "kafka.bootstrap.servers=" + kafka.bootstrapServers(),
        "streams.application.id=" + APP_ID,
        "data.dir=" + WORK.resolve("app-data"),
        "http.bind-address=127.0.0.1",
        "http.port=" + httpPort,
        "shutdown.timeout=" + SHUTDOWN_TIMEOUT.toSeconds() + "s",
        "instance.id=" + INSTANCE_ID,
        "ledger.interval=2s",
        // a static member restarted under its name rejoins at once; kept short for a restart that is slow to come
        "streams.consumer.session.timeout.ms=6000",
        "streams.consumer.heartbeat.interval.ms=1500",
        ""));
  }

  private static int status(int port, String path) {
    try {
      return get(port, path).statusCode();
    } catch (Exception e) {
      return -1;
    }
  }

  private static HttpResponse<String> get(int port, String path) throws Exception {
    return HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(5)).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
