package dev.lakehouse.streams.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import dev.lakehouse.streams.topology.TopologySettings;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.Test;

class TopologyKeysTest {
  @Test
  void defaultsAreTheTopologyDefaults() {
    TopologySettings settings = TopologyKeys.settings(new AppConfig(Map.of())).build();

    assertThat(settings).isEqualTo(TopologySettings.defaults());
    assertThat(settings.windowGrace()).isEqualTo(Duration.ofMinutes(2));
    assertThat(settings.paymentJoinWindow()).isEqualTo(Duration.ofMinutes(30));
  }

  @Test
  void mapsEveryKeyToItsSetting() {
    TopologySettings settings = TopologyKeys.settings(ConfigLoader.load(null, Map.ofEntries(
        Map.entry("LAKEHOUSE_STREAMS_WINDOW_GRACE", "5m"),
        Map.entry("LAKEHOUSE_STREAMS_DEDUP_WINDOW", "1h"),
        Map.entry("LAKEHOUSE_STREAMS_EVENT_TIME_MAX_FUTURE_SKEW", "30s"),
        Map.entry("LAKEHOUSE_STREAMS_EVENT_TIME_HORIZON", "2d"),
        Map.entry("LAKEHOUSE_STREAMS_VALIDATION_CURRENCIES", "EUR, CHF"),
        Map.entry("LAKEHOUSE_STREAMS_VALIDATION_ORDER_STATUSES", "PLACED"),
        Map.entry("LAKEHOUSE_STREAMS_VALIDATION_PAYMENT_OUTCOMES", "SUCCEEDED,FAILED"),
        Map.entry("LAKEHOUSE_STREAMS_VALIDATION_MAX_AMOUNT", "500.50"),
        Map.entry("LAKEHOUSE_STREAMS_REFERENCE_JOIN_GRACE", "10s"),
        Map.entry("LAKEHOUSE_STREAMS_REFERENCE_HISTORY_RETENTION", "12h"),
        Map.entry("LAKEHOUSE_STREAMS_PAYMENT_JOIN_WINDOW", "15m"),
        Map.entry("LAKEHOUSE_STREAMS_PAYMENT_JOIN_MAX_INPUT_SKEW", "3m"),
        Map.entry("LAKEHOUSE_STREAMS_LEDGER_INTERVAL", "30s"),
        Map.entry("LAKEHOUSE_STREAMS_OUTPUT_TOPIC_PREFIX", "r2."),
        Map.entry("LAKEHOUSE_STREAMS_SCHEMA_REGISTRY_URL", "http://registry:8081")))).build();

    assertThat(settings).isEqualTo(new TopologySettings(
        Duration.ofMinutes(5), Duration.ofHours(1), Duration.ofSeconds(30), Duration.ofDays(2),
        Set.of("EUR", "CHF"), Set.of("PLACED"), Set.of("SUCCEEDED", "FAILED"), new BigDecimal("500.50"),
        Duration.ofSeconds(10), Duration.ofHours(12), Duration.ofMinutes(15), Duration.ofMinutes(3), Duration.ofSeconds(30), "r2.", 1,
        Map.of("schema.registry.url", "http://registry:8081")));
  }

  @Test
  void acceptsAJoinGraceAboveTheDefaultRetentionWhenTheRetentionIsLonger() {
    AppConfig config = new AppConfig(Map.of("reference.join-grace", "8d", "reference.history-retention", "9d"));

    assertThat(TopologyKeys.settings(config).build().referenceJoinGrace()).isEqualTo(Duration.ofDays(8));
  }

  @Test
  void rejectsAJoinGraceLongerThanTheHistory() {
    assertThatThrownBy(() -> new AppConfig(Map.of("reference.join-grace", "2h", "reference.history-retention", "1h")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use reference.join-grace=2h with reference.history-retention=1h: the join grace must "
            + "not exceed the history retention");
  }

  @Test
  void rejectsStatusesWithoutPlacedAndOutcomesWithoutSucceeded() {
    assertThatThrownBy(() -> new AppConfig(Map.of("validation.order-statuses", "CANCELLED,FULFILLED")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use validation.order-statuses=CANCELLED,FULFILLED: it must contain PLACED (revenue "
            + "and the payment join count PLACED orders)");
    assertThatThrownBy(() -> new AppConfig(Map.of("validation.payment-outcomes", "FAILED")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use validation.payment-outcomes=FAILED: it must contain SUCCEEDED (the order-payment "
            + "join looks for it)");
  }

  @Test
  void acceptsAnEmptyOutputTopicPrefixOrOneEndingInADot() {
    assertThat(TopologyKeys.settings(new AppConfig(Map.of())).build().outputTopic("orders-enriched"))
        .isEqualTo("orders-enriched");
    assertThat(TopologyKeys.settings(new AppConfig(Map.of("output.topic-prefix", ""))).build().outputTopicPrefix())
        .isEmpty();
    assertThat(TopologyKeys.settings(new AppConfig(Map.of("output.topic-prefix", "r2."))).build()
        .outputTopic("orders-enriched")).isEqualTo("r2.orders-enriched");
    assertThat(TopologyKeys.settings(new AppConfig(Map.of("output.topic-prefix", "replay_2026-12."))).build()
        .outputTopicPrefix()).isEqualTo("replay_2026-12.");
  }

  @Test
  void rejectsAnOutputTopicPrefixWithoutTheDotOrWithCharactersTopicsCannotHave() {
    for (String prefix : List.of("r2", "r 2.", "a/b.", "r2.orders")) {
      assertThatThrownBy(() -> new AppConfig(Map.of("output.topic-prefix", prefix)))
          .isInstanceOf(ConfigException.class)
          .hasMessage("Cannot use output.topic-prefix=" + prefix + ": expected empty, or letters, digits, '.', '_' "
              + "and '-' ending in '.' (the separator from the contract topic's name), such as r2.");
    }
  }

  @Test
  void rejectsBadAmountsAndEmptyLists() {
    assertThatThrownBy(() -> new AppConfig(Map.of("validation.max-amount", "-1")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use validation.max-amount=-1: expected a positive decimal amount such as 100000.00");
    assertThatThrownBy(() -> new AppConfig(Map.of("validation.currencies", "")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use validation.currencies=[]: expected a comma-separated, non-empty list");
  }
}
