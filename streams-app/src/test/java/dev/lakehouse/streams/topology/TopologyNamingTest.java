package dev.lakehouse.streams.topology;

import static org.assertj.core.api.Assertions.assertThat;
import dev.lakehouse.streams.topology.enrich.Enrichment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TopologyNamingTest {
  @TempDir Path stateDir;

  @Test
  void buildsWithExplicitNamingEnforcedAndExactlyOnce() {
    Properties props = productionLikeProperties();

    TopologyDescription description = LakehouseTopology.build(TopologySettings.defaults(), props).describe();

    List<String> names = names(description);
    assertThat(names).isNotEmpty().noneMatch(name -> name.contains("KSTREAM-") || name.contains("KTABLE-"));
    assertThat(names).contains(
        "stream-times", "order-state", "order-state-deadlines", "customers-versions", "merchants-versions",
        "revenue-by-merchant-currency-partials", "revenue-by-merchant-currency-merge-pending",
        "payments-by-outcome-partials", "payments-by-outcome-merge-closed-through",
        "revenue-by-merchant-currency-merge-repartition", "payments-by-outcome-merge-repartition");
    // the only internal topics between sub-topologies carry closed windows' totals, not every event
    assertThat(names.stream().filter(name -> name.endsWith("-repartition")).distinct())
        .containsExactlyInAnyOrder("revenue-by-merchant-currency-merge-repartition",
            "payments-by-outcome-merge-repartition");
  }

  @Test
  void buffersOrdersForLateReferenceVersionsOnlyWithAPositiveJoinGrace() {
    Properties props = productionLikeProperties();

    List<String> withoutGrace = names(LakehouseTopology.build(TopologySettings.defaults(), props).describe());
    List<String> withGrace = names(LakehouseTopology.build(
        TopologySettings.builder().referenceJoinGrace(Duration.ofSeconds(10)).build(), props).describe());

    assertThat(withoutGrace).doesNotContain(Enrichment.DELAY_STORE);
    assertThat(withGrace).contains(Enrichment.DELAY_STORE);
  }

  @Test
  void buildsWithTheOptimizerOn() {
    Properties props = productionLikeProperties();
    props.put(StreamsConfig.TOPOLOGY_OPTIMIZATION_CONFIG, StreamsConfig.OPTIMIZE);

    List<String> names = names(LakehouseTopology.build(TopologySettings.defaults(), props).describe());

    assertThat(names).noneMatch(name -> name.contains("KSTREAM-") || name.contains("KTABLE-"));
  }

  private Properties productionLikeProperties() {
    Properties props = TopologyHarness.streamsProperties(stateDir);
    props.remove(StreamsConfig.DSL_STORE_SUPPLIERS_CLASS_CONFIG);
    return props;
  }

  /** Every node, store and topic name in the description, global stores included. */
  private static List<String> names(TopologyDescription description) {
    List<String> names = new ArrayList<>();
    for (TopologyDescription.GlobalStore store : description.globalStores()) {
      names.add(store.source().name());
      names.add(store.processor().name());
      names.addAll(store.processor().stores());
    }
    for (TopologyDescription.Subtopology subtopology : description.subtopologies()) {
      for (TopologyDescription.Node node : subtopology.nodes()) {
        names.add(node.name());
        if (node instanceof TopologyDescription.Processor processor) {
          names.addAll(processor.stores());
        } else if (node instanceof TopologyDescription.Source source) {
          names.addAll(source.topicSet());
        } else if (node instanceof TopologyDescription.Sink sink && sink.topic() != null) {
          names.add(sink.topic());
        }
      }
    }
    return names;
  }
}
