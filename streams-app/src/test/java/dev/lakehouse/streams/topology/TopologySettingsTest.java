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
    assertThat(defaults.currencies()).containsExactlyInAnyOrder("EUR", "USD", "GBP");
    assertThat(defaults.maxAmount()).isEqualByComparingTo("1000000.00");
    assertThat(defaults.registryConfig()).containsEntry("schema.registry.url", "file:");
  }

  @Test
  void withCopiesChangeOneKnob() {
    TopologySettings changed = TopologySettings.defaults().withWindowGrace(Duration.ofSeconds(5));

    assertThat(changed.windowGrace()).isEqualTo(Duration.ofSeconds(5));
    assertThat(changed.withWindowGrace(TopologySettings.defaults().windowGrace())).isEqualTo(TopologySettings.defaults());
  }

  @Test
  void rejectsInconsistentSettingsWithTheReason() {
    TopologySettings defaults = TopologySettings.defaults().withReferenceJoinGrace(Duration.ofSeconds(30));

    assertThatThrownBy(() -> defaults.withReferenceHistoryRetention(Duration.ofSeconds(10)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Cannot use reference history retention PT10S: it must be at least the reference join grace "
            + "PT30S (the join looks versions up that far back)");
    assertThatThrownBy(() -> defaults.withWindowGrace(Duration.ofSeconds(-1)))
        .hasMessage("Cannot use window grace PT-1S: it must be zero or more");
    assertThatThrownBy(() -> defaults.withOrderStatuses(Set.of("CANCELLED")))
        .hasMessage("Cannot use order statuses [CANCELLED]: revenue and payments need PLACED");
    assertThatThrownBy(() -> defaults.withMaxAmount(BigDecimal.ZERO))
        .hasMessage("Cannot use max amount 0: it must be positive");
    assertThatThrownBy(() -> defaults.withCurrencies(Set.of()))
        .hasMessage("Cannot use currencies []: list at least one");
  }
}
