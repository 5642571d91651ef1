package dev.lakehouse.streams.topology;

import static org.assertj.core.api.Assertions.assertThat;

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
        "orders-validation-stream-time", "orders-dedup-store", "payments-dedup-store", "customers-versions",
        "merchants-versions", "revenue-by-merchant-currency-window-store",
        "revenue-by-merchant-currency-late-router-stream-time", "payments-by-outcome-window-store",
        "order-payments-paid-orders", "orders-by-customer-repartition", "orders-by-merchant-repartition",
        "revenue-by-merchant-currency-repartition", "payments-by-outcome-repartition");
  }

  @Test
  void buffersOrdersForLateReferenceVersionsOnlyWithAPositiveJoinGrace() {
    Properties props = productionLikeProperties();

    List<String> withoutGrace = names(LakehouseTopology.build(TopologySettings.defaults(), props).describe());
    List<String> withGrace = names(LakehouseTopology.build(
        TopologySettings.defaults().withReferenceJoinGrace(Duration.ofSeconds(10)), props).describe());

    assertThat(withoutGrace).noneMatch(name -> name.endsWith("-Buffer"));
    assertThat(withGrace).contains("orders-customer-join-Buffer", "orders-merchant-join-Buffer");
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

  /** Every node, store and topic name in the description. */
  private static List<String> names(TopologyDescription description) {
    List<String> names = new ArrayList<>();
    for (TopologyDescription.Subtopology subtopology : description.subtopologies()) {
      for (TopologyDescription.Node node : subtopology.nodes()) {
        names.add(node.name());
        if (node instanceof TopologyDescription.Processor processor) {
          names.addAll(processor.stores());
        } else if (node instanceof TopologyDescription.Source source) {
          names.addAll(source.topicSet());
        } else if (node instanceof TopologyDescription.Sink sink) {
          names.add(sink.topic());
        }
      }
    }
    return names;
  }
}
