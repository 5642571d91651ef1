package dev.lakehouse.peerflink.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lakehouse.peerflink.job.JobSettings;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PeerConfigTest {

  @Test
  void theDefaultsAreTheStreamsAppsTopologyDefaults() {
    JobSettings settings = PeerConfig.of(Map.of()).jobSettings(2);

    assertThat(settings.windowGrace()).isEqualTo(Duration.ofMinutes(2));
    assertThat(settings.dedupWindow()).isEqualTo(Duration.ofMinutes(10));
    assertThat(settings.maxFutureSkew()).isEqualTo(Duration.ofMinutes(5));
    assertThat(settings.horizon()).isEqualTo(Duration.ofDays(7));
    assertThat(settings.currencies()).containsExactlyInAnyOrder("EUR", "GBP", "USD");
    assertThat(settings.orderStatuses()).containsExactlyInAnyOrder("PLACED", "CANCELLED", "FULFILLED");
    assertThat(settings.paymentOutcomes()).containsExactlyInAnyOrder("SUCCEEDED", "DECLINED", "FAILED");
    assertThat(settings.maxAmount()).isEqualByComparingTo(new BigDecimal("1000000.00"));
    assertThat(settings.referenceHistoryRetention()).isEqualTo(Duration.ofDays(7));
    assertThat(settings.paymentJoinWindow()).isEqualTo(Duration.ofMinutes(30));
    assertThat(settings.paymentJoinMaxInputSkew()).isEqualTo(Duration.ofMinutes(10));
    assertThat(settings.inputPartitions()).isEqualTo(2);
    assertThat(settings.outputTopic("orders-enriched")).isEqualTo("flink-orders-enriched");
  }

  @Test
  void theFileIsOverriddenByTheEnvironmentAndPrefixedKeysPassThrough(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("peer.properties"),
        "window.grace=90s\nparallelism=3\nkafka.security.protocol=SASL_SSL\nflink.rest.bind-port=8089\n");

    PeerConfig config = SettingsSources.load(file, Map.of(
        "LAKEHOUSE_FLINK_WINDOW_GRACE", "PT3M",
        "LAKEHOUSE_FLINK_PAYMENT_JOIN_WINDOW", "20m",
        "LAKEHOUSE_FLINK_KAFKA_SASL_MECHANISM", "SCRAM-SHA-512",
        "OTHER", "ignored"));

    assertThat(config.jobSettings(2).windowGrace()).isEqualTo(Duration.ofMinutes(3));
    assertThat(config.jobSettings(2).paymentJoinWindow()).isEqualTo(Duration.ofMinutes(20));
    assertThat(config.parallelism()).isEqualTo(3);
    assertThat(config.kafkaIo().clientProperties())
        .containsEntry("security.protocol", "SASL_SSL").containsEntry("sasl.mechanism", "SCRAM-SHA-512")
        .doesNotContainKey("bootstrap.servers");
    assertThat(config.flinkOverrides()).containsEntry("rest.bind-port", "8089");
  }

  @Test
  void badSettingsAreRefusedNamingTheKeyAndValue() {
    assertThatThrownBy(() -> PeerConfig.of(Map.of("window.grase", "2m")))
        .isInstanceOf(ConfigException.class).hasMessageStartingWith("Cannot use setting 'window.grase': unknown key");
    assertThatThrownBy(() -> PeerConfig.of(Map.of("window.grace", "two minutes")))
        .isInstanceOf(ConfigException.class).hasMessageContaining("window.grace=two minutes");
    assertThatThrownBy(() -> PeerConfig.of(Map.of("validation.payment-outcomes", "DECLINED")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use validation.payment-outcomes=DECLINED: it must contain SUCCEEDED "
            + "(the order-payment join looks for it)");
    assertThatThrownBy(() -> PeerConfig.of(Map.of("validation.max-amount", "-1")))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Cannot use validation.max-amount=-1: expected a positive decimal such as 1000000.00");
  }
}
