package dev.lakehouse.streams.topology;

import static org.assertj.core.api.Assertions.assertThat;
import dev.lakehouse.schemas.Topics;
import dev.lakehouse.streams.topology.deadletters.ErrorClass;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TopologyDescription;
import org.apache.kafka.streams.processor.TopicNameExtractor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A replay writes every output under {@code output.topic-prefix}, and reads the inputs as they are. */
class OutputTopicPrefixTest {
  private static final Instant T = TopologyHarness.WALL_CLOCK.minus(Duration.ofHours(1));
  private static final TopologySettings REPLAY = TopologySettings.builder().outputTopicPrefix("r2.").build();

  @TempDir Path stateDir;

  @Test
  void everyRecordGoesToAPrefixedOutput() {
    TestEvents events = new TestEvents(41);
    try (TopologyHarness harness = new TopologyHarness(REPLAY, stateDir)) {
      harness.pipe(Topics.ORDERS, events.order("o-1", "c-1", "m-1", "PLACED", "12.50", "EUR", T));
      harness.pipe(Topics.PAYMENTS, events.payment("o-1", "SUCCEEDED", "12.50", T.plusSeconds(5)));
      harness.pipe(Topics.PAYMENTS, events.payment("o-404", "SUCCEEDED", "4.04", T.plusSeconds(6))); // UNKNOWN_ORDER
      harness.pipe(Topics.ORDERS, "o-2", "not avro".getBytes(StandardCharsets.UTF_8));
      harness.pipe(Topics.CUSTOMERS, "c-9", "not avro".getBytes(StandardCharsets.UTF_8));
      harness.pipe(Topics.CUSTOMERS, events.customer("c-1", "Ann", "DE", "retail", T));
      harness.pipe(Topics.MERCHANTS, "m-9", null, T); // a deletion
      // closes both windows of T (end + 2 min grace), so the order after them is late
      Instant later = T.plus(Duration.ofMinutes(10));
      harness.pipe(Topics.ORDERS, events.order("o-3", "c-1", "m-1", "PLACED", "1.00", "EUR", later));
      harness.pipe(Topics.PAYMENTS, events.payment("o-3", "DECLINED", "1.00", later));
      harness.pipe(Topics.ORDERS, events.order("o-4", "c-1", "m-1", "PLACED", "2.00", "EUR", T));
      harness.advanceWallClock(Duration.ofSeconds(10));

      // o-4 is late for its window, not for enrichment
      assertThat(harness.read("r2.orders-enriched")).extracting(r -> r.key()).containsExactly("o-1", "o-3", "o-4");
      assertThat(harness.read("r2.order-payments")).extracting(r -> r.value().get("status").toString())
          .containsExactly("PAID");
      assertThat(harness.read("r2.dead-letters")).extracting(r -> r.value().get("error_class").toString())
          .containsExactlyInAnyOrder(ErrorClass.DESERIALIZATION.name(), ErrorClass.DESERIALIZATION.name(), // o-2, c-9
              ErrorClass.UNKNOWN_ORDER.name());
      assertThat(harness.read("r2.late-events")).hasSize(1);
      assertThat(harness.read("r2.revenue-by-merchant-1m")).hasSize(1);
      assertThat(harness.read("r2.payments-by-outcome-1m")).hasSize(1);
      assertThat(harness.read("r2.pipeline-ledger")).isNotEmpty();
      assertThat(harness.read("r2.customers-versions")).extracting(r -> r.key()).containsExactly("c-1");
      assertThat(harness.read("r2.merchants-versions")).extracting(r -> r.key()).containsExactly("m-9");
      // nothing else: no contract topic, only the outputs under the prefix and the internal topics
      assertThat(harness.producedTopics())
          .filteredOn(topic -> !topic.startsWith("lakehouse-topology-test"))
          .containsExactlyInAnyOrderElementsOf(prefixed("r2."));
    }
  }

  @Test
  void theTopologiesSinkOnlyToPrefixedOutputs() {
    Properties props = TopologyHarness.streamsProperties(stateDir);

    Set<String> pipeline = sinkTopics(LakehouseTopology.build(REPLAY, props).describe());
    Set<String> checks = sinkTopics(ReferenceChecksTopology.build(REPLAY, checksProperties(props)).describe());

    assertThat(checks).containsExactlyInAnyOrder("r2.dead-letters", "r2.customers-versions", "r2.merchants-versions");
    Set<String> both = new TreeSet<>(pipeline);
    both.addAll(checks);
    assertThat(both).containsExactlyInAnyOrderElementsOf(prefixed("r2."));
  }

  @Test
  void withoutAPrefixTheTopologiesSinkToTheContractTopics() {
    Properties props = TopologyHarness.streamsProperties(stateDir);

    Set<String> pipeline = sinkTopics(LakehouseTopology.build(TopologySettings.defaults(), props).describe());
    Set<String> checks = sinkTopics(ReferenceChecksTopology.build(TopologySettings.defaults(), checksProperties(props))
        .describe());

    assertThat(checks).containsExactlyInAnyOrder(Topics.DEAD_LETTERS, Topics.CUSTOMERS_VERSIONS,
        Topics.MERCHANTS_VERSIONS);
    Set<String> both = new TreeSet<>(pipeline);
    both.addAll(checks);
    assertThat(both).containsExactlyInAnyOrderElementsOf(Topics.OUTPUTS);
  }

  private static Set<String> prefixed(String prefix) {
    Set<String> topics = new TreeSet<>();
    Topics.OUTPUTS.forEach(topic -> topics.add(prefix + topic));
    return topics;
  }

  private static Properties checksProperties(Properties props) {
    Properties checks = new Properties();
    checks.putAll(props);
    checks.put(StreamsConfig.APPLICATION_ID_CONFIG,
        props.get(StreamsConfig.APPLICATION_ID_CONFIG) + ReferenceChecksTopology.APPLICATION_ID_SUFFIX);
    return checks;
  }

  /**
   * The topics the sinks write to, but the internal {@code <name>-repartition} ones. A sink that
   * picks its topic per record has none in the description: it is asked for the topic of a row of
   * every output contract.
   */
  @SuppressWarnings("unchecked")
  private static Set<String> sinkTopics(TopologyDescription description) {
    Set<String> topics = new TreeSet<>();
    for (TopologyDescription.Subtopology subtopology : description.subtopologies()) {
      for (TopologyDescription.Node node : subtopology.nodes()) {
        if (!(node instanceof TopologyDescription.Sink sink)) {
          continue;
        }
        if (sink.topic() != null) {
          if (!sink.topic().endsWith("-repartition")) {
            topics.add(sink.topic());
          }
        } else {
          TopicNameExtractor<String, Object> extractor = (TopicNameExtractor<String, Object>) sink.topicNameExtractor();
          Topics.OUTPUTS.forEach(contract ->
              topics.add(extractor.extract("key", new GenericData.Record(Topics.valueSchema(contract)), null)));
        }
      }
    }
    return topics;
  }
}
