package dev.lakehouse.streams.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TopologySettingsTest {
  @Test
  void defaultsAreTheDocumentedOnes() {
    TopologySettings defaults = TopologySettings.defaults();

    assertThat(defaults.windowGrace()).isEqualTo(Duration.ofMinutes(2));
    assertThat(defaults.dedupWindow()).isEqualTo(Duration.ofMinutes(10));
    assertThat(defaults.paymentJoinWindow()).isEqualTo(Duration.ofMinutes(30));
    assertThat(defaults.referenceHistoryRetention()).isEqualTo(defaults.horizon());
    assertThat(defaults.currencies()).containsExactlyInAnyOrder("EUR", "USD", "GBP");
    assertThat(defaults.maxAmount()).isEqualByComparingTo("1000000.00");
    assertThat(defaults.inputPartitions()).isEqualTo(1);
    assertThat(defaults.outputTopicPrefix()).isEmpty();
    assertThat(defaults.outputTopic("orders-enriched")).isEqualTo("orders-enriched");
    assertThat(defaults.registryConfig()).containsEntry("schema.registry.url", "file:");
  }

  @Test
  void theBuilderChangesOneKnob() {
    TopologySettings changed = TopologySettings.builder().windowGrace(Duration.ofSeconds(5)).build();

    assertThat(changed.windowGrace()).isEqualTo(Duration.ofSeconds(5));
    assertThat(changed.toBuilder().windowGrace(TopologySettings.defaults().windowGrace()).build())
        .isEqualTo(TopologySettings.defaults());
  }

  @Test
  void outputTopicsAreTheContractTopicsUnderThePrefix() {
    TopologySettings replay = TopologySettings.builder().outputTopicPrefix("replay-2026-12.").build();

    assertThat(replay.outputTopic("dead-letters")).isEqualTo("replay-2026-12.dead-letters");
    assertThat(replay.toBuilder().build()).isEqualTo(replay);
  }

  @Test
  void checksCrossFieldRulesOnceEveryValueIsSet() {
    // a join grace above the default retention is fine when the retention set with it is longer still
    TopologySettings settings = TopologySettings.builder()
        .referenceJoinGrace(Duration.ofDays(8)).referenceHistoryRetention(Duration.ofDays(9)).build();

    assertThat(settings.referenceJoinGrace()).isEqualTo(Duration.ofDays(8));
  }

  @Test
  void rejectsInconsistentSettingsWithTheReason() {
    TopologySettings.Builder builder = TopologySettings.builder().referenceJoinGrace(Duration.ofSeconds(30));

    assertThatThrownBy(() -> builder.referenceHistoryRetention(Duration.ofSeconds(10)).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot use reference history retention PT10S: it must be at least the reference join grace "
            + "PT30S (the join looks versions up that far back)");
    TopologySettings.Builder defaults = TopologySettings.builder();
    assertThatThrownBy(() -> defaults.windowGrace(Duration.ofSeconds(-1)).build())
        .hasMessage("Cannot use window grace PT-1S: it must be zero or more");
    assertThatThrownBy(() -> TopologySettings.builder().orderStatuses(Set.of("CANCELLED")).build())
        .hasMessage("Cannot use order statuses [CANCELLED]: revenue and payments need PLACED");
    assertThatThrownBy(() -> TopologySettings.builder().maxAmount(BigDecimal.ZERO).build())
        .hasMessage("Cannot use max amount 0: it must be positive");
    assertThatThrownBy(() -> TopologySettings.builder().currencies(Set.of()).build())
        .hasMessage("Cannot use currencies []: list at least one");
    assertThatThrownBy(() -> TopologySettings.builder().inputPartitions(0).build())
        .hasMessage("Cannot use 0 input partitions: it must be 1 or more");
    assertThatThrownBy(() -> TopologySettings.builder().outputTopicPrefix("r2").build())
        .hasMessage("Cannot use output topic prefix 'r2': expected empty or letters, digits, '.', '_' and '-' "
            + "ending in '.', such as r2.");
  }
}
