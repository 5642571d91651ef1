package dev.lakehouse.local.status;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.lakehouse.local.stack.config.Replay;
import dev.lakehouse.local.stack.process.Http;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.testkit.DashboardScripts;
import dev.lakehouse.testkit.LocalCatalog;
import java.io.IOException;
import java.net.ConnectException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Reads every stage's figures; a stage that cannot be read is reported with the reason, never fatal. */
public final class StatusCollector {
  static final List<String> STREAMS_OUTPUTS =
      List.of(Topics.ORDERS_ENRICHED, Topics.REVENUE_BY_MERCHANT_1M, Topics.PAYMENTS_BY_OUTCOME_1M, Topics.ORDER_PAYMENTS);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final StatusTargets targets;
  private final Clock clock;

  public StatusCollector(StatusTargets targets, Clock clock) {
    this.targets = targets;
    this.clock = clock;
  }

  public StackStatus collect() {
    Instant now = clock.instant();
    RecordCounts counts = RecordCounts.load(targets.recordCountsFile());
    try (KafkaStats kafka = new KafkaStats(targets.bootstrapServers())) {
      StackStatus status = new StackStatus(now.toString(), urls(), inputs(kafka, counts), streams(kafka, counts),
          replays(kafka), connect(kafka, counts), iceberg(now), maintenance(), AuditStats.read(targets.lastAuditFile()));
      counts.save();
      return status;
    }
  }

  private StackStatus.Urls urls() {
    String dashboard = targets.dashboardUrl();
    return new StackStatus.Urls(targets.trinoUrl(), Http.isOk(targets.trinoUrl() + "/v1/info"),
        dashboard == null ? null : DashboardScripts.page(dashboard),
        dashboard != null && Http.isOk(DashboardScripts.health(dashboard)));
  }

  private StackStatus.Inputs inputs(KafkaStats kafka, RecordCounts counts) {
    try {
      return new StackStatus.Inputs(records(kafka.committedRecords(Topics.INPUTS, counts), Topics.INPUTS), null);
    } catch (Exception e) {
      return new StackStatus.Inputs(List.of(), reason("Kafka at " + targets.bootstrapServers(), e));
    }
  }

  private StackStatus.Streams streams(KafkaStats kafka, RecordCounts counts) {
    String state = streamsState();
    String group = targets.streamsApplicationId();
    try {
      List<String> topics = new ArrayList<>(STREAMS_OUTPUTS);
      topics.add(Topics.LATE_EVENTS);
      topics.add(Topics.DEAD_LETTERS);
      Map<String, Long> records = kafka.committedRecords(topics, counts);
      return new StackStatus.Streams(group, state, records(records, STREAMS_OUTPUTS), records.get(Topics.LATE_EVENTS),
          records.get(Topics.DEAD_LETTERS), kafka.consumerLag(group).orElse(null), null);
    } catch (Exception e) {
      return new StackStatus.Streams(group, state, List.of(), null, null, null, reason("Kafka at " + targets.bootstrapServers(), e));
    }
  }

  private List<StackStatus.Replay> replays(KafkaStats kafka) {
    List<StackStatus.Replay> replays = new ArrayList<>();
    for (String group : targets.replayApplicationIds()) {
      try {
        replays.add(new StackStatus.Replay(group, kafka.consumerLag(group).orElse(null), null));
      } catch (Exception e) {
        replays.add(new StackStatus.Replay(group, null, reason("Kafka at " + targets.bootstrapServers(), e)));
      }
    }
    return replays;
  }

  /** Each instance's Streams client state; one instance: its state alone, several: {@code instance 2 RUNNING, ...}. */
  private String streamsState() {
    List<String> urls = targets.streamsUrls();
    if (urls.size() == 1) {
      return streamsState(urls.get(0));
    }
    List<String> states = new ArrayList<>();
    for (int i = 0; i < urls.size(); i++) {
      states.add("instance " + (i + 1) + " " + streamsState(urls.get(i)));
    }
    return String.join(", ", states);
  }

  /** The Streams client state from /health/live, which reports it whether or not the app is healthy. */
  private static String streamsState(String url) {
    try {
      Http.Response live = Http.get(url + "/health/live");
      return JSON.readTree(live.body()).path("state").asText("UNKNOWN");
    } catch (IOException e) {
      return "DOWN (no answer at " + url + ")";
    }
  }

  private StackStatus.Connect connect(KafkaStats kafka, RecordCounts counts) {
    try {
      List<StackStatus.Connector> connectors = new ArrayList<>();
      for (ConnectStats.ConnectorState c : ConnectStats.read(targets.connectUrl())) {
        Long lag = kafka.consumerLag(ConnectStats.sinkGroup(c.name())).orElse(null);
        String dlq = ConnectStats.deadLetterTopic(c.name());
        Long deadLettered = kafka.committedRecords(List.of(dlq), counts).get(dlq);
        connectors.add(new StackStatus.Connector(c.name(), c.state(), c.tasks(), lag, deadLettered));
      }
      return new StackStatus.Connect(targets.connectUrl(), connectors, null);
    } catch (Exception e) {
      return new StackStatus.Connect(targets.connectUrl(), List.of(), reason("the Connect worker at " + targets.connectUrl(), e));
    }
  }

  private StackStatus.Iceberg iceberg(Instant now) {
    List<String> tables = Topics.OUTPUTS.stream().map(Topics::tableName).toList();
    try {
      return new StackStatus.Iceberg(IcebergStats.read(targets.catalogProperties(), LocalCatalog.NAMESPACE, tables, now), null);
    } catch (Exception e) {
      return new StackStatus.Iceberg(List.of(), reason("the Iceberg catalog", e));
    }
  }

  private StackStatus.Maintenance maintenance() {
    if (targets.maintenanceHealthCommand().isEmpty()) {
      return new StackStatus.Maintenance(List.of(), targets.maintenanceNote());
    }
    try {
      return new StackStatus.Maintenance(MaintenanceStats.read(targets.maintenanceHealthCommand()), "");
    } catch (IOException e) {
      return new StackStatus.Maintenance(List.of(), "health scores unavailable: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new StackStatus.Maintenance(List.of(), "health scores unavailable: interrupted");
    }
  }

  private static List<StackStatus.TopicRecords> records(Map<String, Long> counts, List<String> topics) {
    return topics.stream()
        .filter(counts::containsKey)
        .map(topic -> new StackStatus.TopicRecords(topic, counts.get(topic)))
        .toList();
  }

  private static String reason(String what, Exception e) {
    String why = e instanceof ConnectException || e.getMessage() == null
        ? "no answer (is it running? ./lakehouse ps shows what runs)"
        : e.getMessage();
    return "cannot read " + what + ": " + why;
  }
}
